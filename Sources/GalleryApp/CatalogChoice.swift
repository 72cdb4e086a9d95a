import ArgumentParser

/// The catalog the user asked for with `--source` and/or a folder argument.
enum CatalogChoice: Equatable {
    /// The built-in offline catalog (the default).
    case demo
    case unsplash
    case picsum
    /// A local folder of photos, as given (relative paths are resolved by `DirectorySource`).
    case folder(String)
    /// Any server speaking the Unsplash API's shape, by base URL.
    case api(String)

    /// Reads `--source VALUE` and the optional folder argument:
    /// `demo`, `unsplash`, `picsum`, `dir PATH`, an http(s) URL, a path, or a bare folder argument.
    static func parse(source: String?, folder: String?, home: String?) throws -> CatalogChoice {
        let expanded = folder.map { expandingTilde($0, home: home) }
        guard let source else { return expanded.map(CatalogChoice.folder) ?? .demo }
        if source.lowercased() == "dir" {
            guard let expanded else { throw ValidationError("--source dir needs a folder: gallery --source dir PATH") }
            return .folder(expanded)
        }
        if let folder {
            throw ValidationError("unexpected argument '\(folder)': a folder goes alone or after --source dir")
        }
        switch source.lowercased() {
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
        throw ValidationError("--source must be unsplash, picsum, demo, dir PATH or an http(s) URL, got '\(source)'")
    }

    /// `~/x` as `$HOME/x`, for paths that reached us quoted.
    private static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}
