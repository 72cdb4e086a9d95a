import ArgumentParser
@testable import GalleryApp

/// The one line a usage error prints, without ArgumentParser's prefix; nil when `arguments` parse.
func usageError(_ arguments: [String]) -> String? {
    do {
        _ = try GalleryCommand.parse(arguments)
        return nil
    } catch {
        return GalleryCommand.message(for: error)
    }
}
