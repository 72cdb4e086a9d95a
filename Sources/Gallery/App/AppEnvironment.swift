public import Imaging
public import OperatingSystem
public import TUI
public import TerminalVocabulary

/// The services and settings coordinators hand to the scenes they build.
public struct AppEnvironment: Sendable {
    /// Runs a program on the terminal and waits for it: `ChildProcess.runInForeground`, with the
    /// screen suspended around it. With `thenWaitForKey`, what a program that ended by itself
    /// wrote stays on the screen until a key is pressed (a command typed at `:` is often `ls`).
    public typealias TerminalRunner = @MainActor @Sendable (_ arguments: [FilePath], _ thenWaitForKey: Bool)
        -> Result<ChildProcess.Termination, SystemError>

    public var source: any PhotoSource
    public var loader: any ImageLoading
    public var renderer: any ThumbnailRendering
    /// Shown in the status bar, e.g. "demo" or the API host.
    public var sourceName: String
    /// Shown in the status bar and part of cache keys, e.g. "halfblock".
    public var renderMode: RenderMode
    /// Why `renderMode` draws no pixels where some were asked for or expected ("tmux 3.3a: no
    /// sixel"), shown beside it; nil when nothing to say.
    public var renderNote: String?
    /// The status bar's sentence when the first grid appears, until the first key.
    public var startNote: String?
    public var perPage: Int
    /// Rendered thumbnails, shared by every grid the app shows.
    public var cache: ThumbnailCache
    /// Retry and rate-limit news for the status bar; nil when nothing reports any.
    public var networkStatus: NetworkStatus?
    /// Every key binding, with `[keys]`' changes.
    public var keyMap = KeyMap.standard
    /// Selection and status colours; `.monochrome` for NO_COLOR.
    public var theme = TerminalTheme.dark
    /// The smallest grid cell (thumbnail plus title line), from `--thumb-size`.
    public var minimumCellSize = CellSize.standardGridCell
    /// How grid thumbnails fit their cells at start (`--fit`; `f` switches): a crop or the whole photo.
    public var thumbnailFit = PictureFit.gridDefault
    /// How a grid ordered by date is cut into sections under headings (`--group`); other orders
    /// have no dates to cut by.
    public var grouping = TimelineGrouping.month
    /// Which scrolls the terminal may do itself (`--terminal-scroll`): pictures too where it is
    /// known to move their pixels.
    public var regionScrolling = RegionScrolling.text
    /// What the terminal can draw and how it keeps pictures (inside tmux, by tmux's rules).
    public var capabilities = TerminalCapabilities()
    /// The terminal's background as the theme has it (`--theme`): what transparent pixels are
    /// shown over.
    public var pictureBackground = RGB(0, 0, 0)
    /// Colours the terminal shows, for the detail pane's colour swatch (`.none`: no swatch colour).
    public var colorDepth = ColorDepth.none
    /// Opens a photo's web page (`o`); nil: the URL is shown instead.
    public var opener: (any URLOpening)?
    /// Saves originals (`d`); nil: downloads are not available.
    public var downloader: PhotoDownloader?
    /// The variables the app started with: which programs there are (`PATH`), inside tmux or a
    /// desktop session, for `y`'s clipboard.
    public var processEnvironment: [String: String] = [:]
    /// Copies links (`y`); the app coordinator installs `SystemClipboard`, with the terminal's
    /// OSC 52 as its fallback.
    public var clipboard: (any Clipboard)?
    /// A photo to select and open in the detail pane at start (`gallery FILE`), by id.
    public var openPhotoID: String?
    /// Where `D` moves a folder's photos; nil: there is no home folder to keep a trash in.
    public var trash: FreedesktopTrash?
    /// Full records and extra lines the detail panes fetched, so going back asks nothing again.
    public var photoDetails = PhotoDetailsCache()
    /// Runs a program with the terminal lent to it (a user's command on photos): the app
    /// coordinator installs one that suspends the screen meanwhile; nil: run as it is (tests).
    public var runInTerminal: TerminalRunner?
    /// `gallery --pick`: Enter chooses photos and ends the app; nil when browsing.
    public var picker: PhotoPicker?

    public init(source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering,
                sourceName: String, renderMode: RenderMode, perPage: Int, cache: ThumbnailCache = ThumbnailCache(),
                networkStatus: NetworkStatus? = nil) {
        self.networkStatus = networkStatus
        self.source = source
        self.loader = loader
        self.renderer = renderer
        self.sourceName = sourceName
        self.renderMode = renderMode
        self.perPage = perPage
        self.cache = cache
    }
}
