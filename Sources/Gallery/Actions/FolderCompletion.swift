import OperatingSystem

/// Tab in `C` and `M`'s prompt: the folders whose names start with what is typed after its last
/// slash, in the folder before it; each Tab shows the next, back to the first after the last.
struct FolderCompletion: Equatable {
    /// The texts Tab offers, each the typed folder with a folder's whole name and a slash.
    let candidates: [String]
    /// The one shown now.
    private(set) var index = 0

    /// The completions of `text`, a folder typed as `PhotoFileActions.folder(named:)` reads it
    /// (`~`, relative to `base`); nil when no folder's name starts that way. Hidden folders are
    /// offered only when the typed name starts with a dot; names that are not text are left out.
    init?(of text: String, home: String, base: FilePath) {
        if text == "~" {
            candidates = ["~/"]
            return
        }
        let slash = text.lastIndex(of: "/")
        let typedFolder = slash.map { String(text[...$0]) } ?? ""
        let prefix = slash.map { String(text[text.index(after: $0)...]) } ?? text
        let folderText = typedFolder.isEmpty ? "." : typedFolder
        let expanded = folderText == "~/" ? home : folderText.hasPrefix("~/") ? home + folderText.dropFirst(1) : folderText
        let folder = expanded.hasPrefix("/") ? FilePath(expanded) : base.appending(expanded)
        guard let entries = try? Directory.entries(in: folder) else { return nil }
        let names = entries.compactMap { entry -> String? in
            guard let name = entry.name.text, name.hasPrefix(prefix), prefix.hasPrefix(".") || !name.hasPrefix("."),
                  entry.kind == .directory || ((entry.kind == .symbolicLink || entry.kind == nil)
                      && (try? FileStatus(path: folder.appending(entry.name)))?.kind == .directory)
            else { return nil }
            return name
        }
        guard !names.isEmpty else { return nil }
        candidates = names.sorted(by: NaturalOrder.areInIncreasingOrder).map { typedFolder + $0 + "/" }
    }

    /// The text now shown.
    var current: String { candidates[index] }

    /// The next candidate, the first after the last.
    mutating func advance() {
        index = (index + 1) % candidates.count
    }
}
