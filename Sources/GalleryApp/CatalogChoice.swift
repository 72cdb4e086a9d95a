import ArgumentParser

/// The catalog the user asked for with `--source` and/or a folder argument.
enum CatalogChoice: Equatable {
    /// The current folder when it holds photos or folders with photos, else the demo catalog
    /// (the default: nsxiv, ranger and lf open where you are).
    case automatic
    /// The built-in offline catalog.
    case demo
    case unsplash
    case picsum
    /// A local folder of photos, or a photo to open in its folder, as given (relative paths are
    /// resolved by `DirectorySource`; a name that is not UTF-8 is `CurrentProcess.arguments`'
    /// token, which `FilePath(argument:)` makes the path of).
    case folder(String)
    /// Exactly these photos and folders.
    case paths([String])
    /// Paths read from stdin (`gallery -`).
    case standardInput
    /// Any server speaking the Unsplash API's shape, by base URL.
    case api(String)

    /// Reads `--source VALUE` and the path arguments: `auto`, `demo`, `unsplash`, `picsum`, `dir PATH`,
    /// an http(s) URL, a path; or paths alone (one, several, or `-` for stdin).
    static func parse(source: String?, paths: [String], home: String?) throws -> CatalogChoice {
        let expanded = paths.map { expandingTilde($0, home: home) }
        if paths.contains("-") {
            guard paths == ["-"] else { throw ValidationError("'-' reads the paths from stdin and goes alone: find . -name '*.jpg' | gallery -") }
            guard source == nil || source?.lowercased() == "dir" else {
                throw ValidationError("'-' reads local paths and cannot go with --source \(source ?? "")")
            }
            return .standardInput
        }
        guard let source else { return local(expanded) ?? .automatic }
        if source.lowercased() == "dir" {
            guard let choice = local(expanded) else { throw ValidationError("--source dir needs a folder: gallery --source dir PATH") }
            return choice
        }
        if let path = paths.first {
            throw ValidationError("unexpected argument '\(path)': paths go alone or after --source dir")
        }
        switch source.lowercased() {
        case "auto": return .automatic
        case "demo": return .demo
        case "unsplash": return .unsplash
        case "picsum": return .picsum
        default: break
        }
        let lower = source.lowercased()
        if (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && source.count > "https://".count {
            return .api(source)
        }
        if source.hasPrefix("/") || source.hasPrefix(".") || source.hasPrefix("~") {
            return .folder(expandingTilde(source, home: home))
        }
        throw ValidationError("--source must be auto, demo, unsplash, picsum, dir PATH or an http(s) URL, got '\(source)'")
    }

    /// One path or several; nil for none.
    private static func local(_ paths: [String]) -> CatalogChoice? {
        switch paths.count {
        case 0: nil
        case 1: .folder(paths[0])
        default: .paths(paths)
        }
    }

    /// `~/x` as `$HOME/x`, for paths that reached us quoted.
    private static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}
