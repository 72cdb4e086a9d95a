public import Foundation
#if canImport(Testing)
public import Testing
#endif

/// The real photos tests measure against: `shared/photos` beside the repository, or the folder
/// `GALLERY_PHOTOS` names. The product never needs them; a test that does is enabled with
/// `.enabled(if: SharedPhotos.has(…), SharedPhotos.absent)` and so skipped, saying why, without them.
public enum SharedPhotos {
    /// Where the photos are looked for.
    public static let folder: URL = {
        if let named = ProcessInfo.processInfo.environment["GALLERY_PHOTOS"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        // This file is Tests/TestSupport/SharedPhotos.swift in the repository.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/photos")
    }()

    /// Whether every one of `names` is there.
    public static func has(_ names: String...) -> Bool {
        names.allSatisfy { FileManager.default.fileExists(atPath: path($0)) }
    }

    /// Whether any photo whose name ends with `suffix` is there.
    public static func has(endingWith suffix: String) -> Bool { !paths(endingWith: suffix).isEmpty }

    /// The path of the photo called `name` (which may be absent).
    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The bytes of the photo called `name`.
    public static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The paths of the photos whose names end with `suffix` ("-1080.jpg", ".png"), by name.
    public static func paths(endingWith suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map(path)
    }
}

#if canImport(Testing)  // Testing is there for test builds only, and this target is built for all
extension SharedPhotos {
    /// Why a test that needs the photos was skipped.
    public static var absent: Comment { "no shared photos in \(folder.path) (or set GALLERY_PHOTOS)" }
}
#endif
