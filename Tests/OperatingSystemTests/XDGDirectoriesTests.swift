import Glibc
import OperatingSystem
import Testing

@Suite struct XDGDirectoriesTests {
    @Test func eachFolderComesFromItsVariable() {
        let folders = XDGDirectories(environment: [
            "HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k", "XDG_DATA_HOME": "/d",
            "XDG_STATE_HOME": "/s", "XDG_DOWNLOAD_DIR": "/dl",
        ], accountHome: "/account")
        #expect([folders.home, folders.configHome, folders.cacheHome, folders.dataHome, folders.stateHome, folders.downloads]
                    == ["/h", "/c", "/k", "/d", "/s", "/dl"])
    }

    @Test(arguments: [[String: String](), ["XDG_CONFIG_HOME": "rel", "XDG_CACHE_HOME": "", "XDG_DATA_HOME": "./d",
                                           "XDG_STATE_HOME": "~/s", "XDG_DOWNLOAD_DIR": "Downloads"]])
    func eachFolderFallsBackUnderHomeWhenItsVariableIsUnsetEmptyOrRelative(variables: [String: String]) {
        let folders = XDGDirectories(environment: variables.merging(["HOME": "/h"]) { $1 }, accountHome: "/account")
        #expect([folders.home, folders.configHome, folders.cacheHome, folders.dataHome, folders.stateHome, folders.downloads]
                    == ["/h", "/h/.config", "/h/.cache", "/h/.local/share", "/h/.local/state", "/h/Downloads"])
    }

    @Test(arguments: [[String: String](), ["HOME": ""], ["HOME": "h"]])
    func withoutAnAbsoluteHomeTheAccountsHomeIsUsed(environment: [String: String]) {
        let folders = XDGDirectories(environment: environment, accountHome: "/var/lib/u")
        #expect(folders.home == "/var/lib/u")
        #expect(folders.cacheHome == "/var/lib/u/.cache")
        #expect(folders.downloads == "/var/lib/u/Downloads")
    }

    @Test func withNoHomeAtAllTheFoldersAreUnderTheRoot() {
        for account in [nil, "", "relative"] as [String?] {
            let folders = XDGDirectories(environment: [:], accountHome: account)
            #expect([folders.home, folders.configHome, folders.dataHome, folders.stateHome]
                        == ["/", "/.config", "/.local/share", "/.local/state"], "\(String(describing: account))")
        }
        #expect(XDGDirectories(environment: ["XDG_CACHE_HOME": "/k"], accountHome: nil).cacheHome == "/k")
    }

    @Test func theAccountIsAskedOnlyWithoutAnAbsoluteHome() {
        var asked = false
        let folders = XDGDirectories(environment: ["HOME": "/h"], accountHome: { asked = true; return "/a" }())
        #expect(folders.home == "/h")
        #expect(!asked)
    }

    @Test func thisUsersAccountHasAnAbsoluteHome() {
        #expect(CurrentProcess.accountHome?.hasPrefix("/") == true)
    }

    @Test func aVariableThatIsNotUTF8IsATokenForItsBytesAndGoesOnToAChildAsThem() throws {
        // A name of this test's own: the variables of the tests running beside it stay as they were.
        let name = "GALLERY_TEST_HOME_\(getpid())"
        let bytes = Array("/tmp/h".utf8) + [0xF6] + Array("me".utf8)
        #expect((bytes + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { setenv(name, $0.baseAddress!, 1) } == 0)
        defer { unsetenv(name) }
        let environment = CurrentProcess.environment
        let token = try #require(environment[name])
        #expect(token != String(decoding: bytes, as: UTF8.self), "read as its look-alike")
        #expect(FilePath(variable: token, of: name).bytes == bytes)
        #expect(FilePath(variable: "/plain", of: name) == "/plain")
        // `ChildProcess` hands the bytes on: `printenv` prints them.
        let output = try TemporaryOutput()
        let child = try ChildProcess.start(["/usr/bin/printenv", FilePath(name)], environment: [name: token],
                                           standardOutput: output.path)
        #expect(try child.waitForSuccess())
        #expect(try File.read(FilePath(output.path), maxBytes: 1024) == bytes + [0x0A])
    }
}

/// A file for a child's output, removed with this.
private final class TemporaryOutput {
    let path = "/tmp/xdg-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    init() throws {}
    deinit { unlink(path) }
}
