import FuzzTargets
import Testing

/// The folder-names target on the names that once went wrong: with paths kept as text, the twins
/// listed as one another, and names that are not UTF-8 were skipped.
@Suite struct FolderNamesFuzzTargetTests {
    static let inputs: [[UInt8]] = [
        Array("c".utf8) + [0xFF] + Array(".jpg".utf8) + [0] + Array("c\u{FFFD}.jpg".utf8),
        [0xE9, 0x74, 0xE9, 0x2E, 0x6A, 0x70, 0x67, 0, 0x9B, 0x64, 0x69, 0x72, 0] + Array("bad".utf8) + [0xFF, 0xFE],
        Array("c\\xFF.jpg".utf8) + [0, 0x63, 0xFF, 0x2E, 0x6A, 0x70, 0x67, 0] + Array("a\\b\0.hidden\0..\0x/y".utf8),
        [UInt8](repeating: 0xFF, count: 255) + [0] + [UInt8](repeating: 0x4C, count: 300),
    ]

    @Test(arguments: inputs)
    func listsShowsReadsAndTrashesEachNameAsItself(_ input: [UInt8]) throws {
        try FuzzTarget.folderNames.run(input)
    }
}
