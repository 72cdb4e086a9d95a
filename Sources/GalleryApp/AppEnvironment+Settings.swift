import Gallery
import Imaging
import TUI
import TerminalVocabulary

extension AppEnvironment {
    /// Applies the interaction settings: keys, theme (NO_COLOR wins), cell size and fit,
    /// the opener for `o`, the downloader for `d` and the trash for `D`.
    mutating func apply(_ settings: Settings, environment: [String: String], downloads: any DownloadFetching) {
        keyMap = settings.keys
        theme = settings.theme.terminalTheme(environment: environment)
        minimumCellSize = CellSize(columns: settings.thumbSize.columns, rows: settings.thumbSize.rows)
        thumbnailFit = settings.fit
        grouping = settings.group
        opener = SystemURLOpener(searchPath: environment["PATH"] ?? "/usr/bin:/bin")
        trash = FreedesktopTrash(homeTrash: FreedesktopTrash.homeTrash(environment: environment))
        // Unsplash asks apps to call a photo's `download_location` when it is downloaded.
        downloader = PhotoDownloader(fetcher: downloads,
                                     directory: PhotoDownloader.defaultDirectory(environment: environment),
                                     track: { [source] photo in try? await source.trackDownload(photo) })
    }
}
