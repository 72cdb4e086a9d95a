import OperatingSystem
import Testing

@Suite struct ChildProcessTests {
    @Test func aProgramFromThePathWritesItsOutputIntoAFile() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let output = folder.path + "/out"
        let child = try ChildProcess.start(["sh", "-c", "echo hello; echo hidden >&2"], searchingPath: true,
                                           standardOutput: output)
        #expect(try child.waitForSuccess())
        #expect(try folder.contents(of: "out") == "hello\n")
    }

    @Test func aFailingProgramIsNotASuccess() throws {
        #expect(try !ChildProcess.start(["/bin/sh", "-c", "exit 3"]).waitForSuccess())
        #expect(try !ChildProcess.start(["/bin/sh", "-c", "kill -KILL $$"]).waitForSuccess())
    }

    @Test func aMissingProgramIsAnError() {
        let error = #expect(throws: SystemError.self) { try ChildProcess.start(["/nonexistent/program"]) }
        #expect(error?.description == "cannot run /nonexistent/program: No such file or directory")
    }
}
