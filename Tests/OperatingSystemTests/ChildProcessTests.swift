import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct ChildProcessTests {
    @Test func aProgramFromThePathWritesItsOutputIntoAFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.path + "/out"
        let child = try ChildProcess.start(["sh", "-c", "echo hello; echo hidden >&2"], searchingPath: true,
                                           standardOutput: output)
        #expect(try child.waitForSuccess())
        #expect(try folder.text(of: "out") == "hello\n")
    }

    @Test func aFailingProgramIsNotASuccess() throws {
        #expect(try !ChildProcess.start(["/bin/sh", "-c", "exit 3"]).waitForSuccess())
        #expect(try !ChildProcess.start(["/bin/sh", "-c", "kill -KILL $$"]).waitForSuccess())
    }

    @Test func itsEnvironmentAndBothStreamsInOneFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.path + "/out"
        let child = try ChildProcess.start(["/bin/sh", "-c", "echo \"$GREETING\"; echo \"${HOME:-no home}\" >&2"],
                                           environment: ["GREETING": "hello"], standardOutput: output, standardError: output)
        #expect(try child.wait().succeeded)
        #expect(try folder.text(of: "out") == "hello\nno home\n", "only the environment given, both streams in order")
    }

    @Test func aForegroundProgramRunsInAGroupOfItsOwnAndSaysHowItEnded() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Field 5 of /proc/PID/stat is the process group: the program leads its own.
        let script = "test \"$(cut -d' ' -f5 /proc/$$/stat)\" = $$ && printf '%s|' \"$@\" > '\(folder.path)/argv'; exit 4"
        let ended = try ChildProcess.runInForeground(["sh", "-c", FilePath(script), "sh", "a b", "it's \"q\""])
        #expect(ended.status == 4 && ended.signal == nil)
        #expect(try folder.text(of: "argv") == "a b|it's \"q\"|")
        let stopped = try ChildProcess.runInForeground(["sh", "-c", "kill -STOP $$; exit 5"])
        #expect(stopped.status == 5, "a stop is continued: there is no shell to go back to")
        #expect(try ChildProcess.runInForeground(["sh", "-c", "kill -TERM $$"]).signal == SIGTERM)
        let missing = #expect(throws: SystemError.self) { try ChildProcess.runInForeground(["no-such-program-here"]) }
        #expect(missing?.isMissing == true)
    }

    @Test func howAProgramEnded() throws {
        let exited = try ChildProcess.start(["/bin/sh", "-c", "exit 3"]).wait()
        #expect(exited.status == 3 && exited.signal == nil && exited.maxResidentBytes > 0)
        let killed = try ChildProcess.start(["/bin/sh", "-c", "kill -KILL $$"]).wait()
        #expect(killed.status == 128 + 9 && killed.signal == 9 && !killed.succeeded)
        // The test runner keeps SIGTERM from its children (it is blocked or ignored here).
        let running = try ChildProcess.start(["/bin/sleep", "30"], signalsAtDefault: true)
        #expect(try running.ended() == nil, "still running")
        kill(running.id, SIGTERM)
        #expect(try running.wait().signal == SIGTERM)
    }

    @Test func aMissingProgramIsAnError() {
        let error = #expect(throws: SystemError.self) { try ChildProcess.start(["/nonexistent/program"]) }
        #expect(error?.description == "cannot run /nonexistent/program: No such file or directory")
    }
}

@Suite struct ChildProcessOutputTests {
    @Test func theOutputOfAProgramThatSucceeds() {
        #expect(ChildProcess.output(of: ["sh", "-c", "echo hello; echo hidden >&2"], timeout: .seconds(5)) == Array("hello\n".utf8))
        #expect(ChildProcess.output(of: ["sh", "-c", "echo partial; exit 3"], timeout: .seconds(5)) == nil)
        #expect(ChildProcess.output(of: ["/nonexistent/program"], timeout: .seconds(5)) == nil)
        #expect(ChildProcess.output(of: ["sh", "-c", "head -c 5000 /dev/zero"], timeout: .seconds(5), maxBytes: 100) == nil)
    }

    @Test func aProgramThatDoesNotAnswerInTimeIsKilled() {
        let start = ContinuousClock.now
        #expect(ChildProcess.output(of: ["sleep", "30"], timeout: .milliseconds(200)) == nil)
        #expect(ContinuousClock.now - start < .seconds(5))
        // A program whose child keeps the output open: the deadline still ends the wait.
        #expect(ChildProcess.output(of: ["sh", "-c", "echo x; sleep 30 & exit 0"], timeout: .milliseconds(200)) == nil)
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
