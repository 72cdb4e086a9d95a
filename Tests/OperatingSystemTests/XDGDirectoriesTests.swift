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
}
