import Foundation
import Imaging
@testable import InlineViewer
import Testing

/// Where the formats are listed for people (the README, `gallery view --help`), every one the code
/// reads is named: a format added to `ImageFormat` or `VideoFormat` fails here until it is.
@Suite struct FormatListTests {
    private static func readme() throws -> String {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The README's paragraph that starts with `start`, up to its next blank line, on one line.
    private static func paragraph(_ text: String, startingWith start: String) throws -> String {
        let from = try #require(text.range(of: start), "no paragraph starts with \(start)")
        let end = text.range(of: "\n\n", range: from.lowerBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return text[from.lowerBound..<end].replacingOccurrences(of: "\n", with: " ")
    }

    @Test func theReadmeAndViewsHelpNameEveryFormat() throws {
        let readme = try Self.readme()
        let places = [
            ("README's Formats", try Self.paragraph(readme, startingWith: "A folder may mix")),
            ("README's gallery view", try Self.paragraph(readme, startingWith: "prints each picture")),
            ("README's dir source", try Self.paragraph(readme, startingWith: "- **dir PATH**")),
            ("gallery view --help", ViewArguments.help),
        ]
        let photos = ImageFormat.allCases.flatMap(\.names)
        let videos = VideoFormat.allCases.flatMap(\.fileExtensions).filter { !["qt", "3g2"].contains($0) }.map { $0.uppercased() }
        for (place, text) in places {
            for name in photos {
                #expect(text.contains(name), "\(place) does not name \(name)")
            }
            #expect(text.contains("video"), "\(place) does not mention videos")
        }
        let formats = try Self.paragraph(readme, startingWith: "A folder may mix").uppercased()
        for name in videos {
            #expect(formats.contains(name), "README's Formats does not name \(name)")
        }
    }
}
