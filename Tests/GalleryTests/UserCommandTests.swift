import OperatingSystem
import Testing
@testable import Gallery

/// A command's words, split once as a shell splits them, with the photos' paths as arguments of
/// their own after them.
@Suite("Your own commands' words")
struct UserCommandTests {
    func words(_ text: String, home: String = "/home/u") throws -> [String] {
        try UserCommand(text, home: home).words
    }

    @Test func spacesSplitAndQuotesKeepWhatIsInside() throws {
        #expect(try words("cp -t  ~/Outbox") == ["cp", "-t", "/home/u/Outbox"])
        #expect(try words("  gimp\t") == ["gimp"])
        #expect(try words("convert -resize '50%' \"a b\" c\\ d") == ["convert", "-resize", "50%", "a b", "c d"])
        #expect(try words("echo 'it''s' \"say \\\"hi\\\" \\\\ \\n\" x'y'\"z\"") == ["echo", "its", "say \"hi\" \\ \\n", "xyz"])
        #expect(try words("printf '' x") == ["printf", "", "x"], "an empty quoted word is a word")
        #expect(try words("echo 'a\"b' \"c'd\"") == ["echo", "a\"b", "c'd"])
    }

    @Test func aTildeIsTheHomeOnlyAtTheStartOfAWordNotQuoted() throws {
        #expect(try words("ls ~ ~/a a~ '~/q' \"~\" \\~ ~user") == ["ls", "/home/u", "/home/u/a", "a~", "~/q", "~", "~", "~user"])
        #expect(try words("ls ~/x ~", home: "/") == ["ls", "/x", "/"])
    }

    @Test func anUnfinishedCommandIsRefusedWithASentence() {
        #expect(throws: UserCommandError("a ' is not closed")) { try UserCommand("echo 'x", home: "/") }
        #expect(throws: UserCommandError("a \" is not closed")) { try UserCommand("echo \"x\\\"", home: "/") }
        #expect(throws: UserCommandError("it ends with a \\")) { try UserCommand("echo x\\", home: "/") }
        #expect(throws: UserCommandError("there is no command")) { try UserCommand("  ", home: "/") }
        #expect(throws: UserCommandError("there is no command")) { try UserCommand("'' x", home: "/") }
    }

    @Test func pathsAreArgumentsOfTheirOwnAfterTheWords() throws {
        let command = try UserCommand("/usr/local/bin/my tool 'a b'", home: "/")
        #expect(command.name == "my")
        let paths: [FilePath] = ["/p/it's \"q\".jpg", FilePath(bytes: Array("/p/\u{FF}".utf8) + [0xFF])]
        #expect(command.arguments(with: paths) == ["/usr/local/bin/my", "tool", "a b"] + paths)
    }
}
