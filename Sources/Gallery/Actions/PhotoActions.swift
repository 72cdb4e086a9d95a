import OperatingSystem
public import Observation

/// What `o`, `d` and `y` do to a photo, in the grid and in the detail pane alike, and the one-line
/// message they leave for the status bar ("saved to PATH", a download's progress, an error).
@MainActor
@Observable
public final class PhotoActions {
    // MARK: Outputs
    /// The latest outcome, shown in the status bar until the next key.
    public private(set) var message: String?
    /// The download in flight, if any.
    public private(set) var download: DownloadProgress?

    /// The status-bar text: `message`, else a running download's progress.
    public var statusText: String? {
        if let message { return message }
        guard let download else { return nil }
        let size = ByteCount.text(download.received)
        if let fraction = download.fraction {
            return "downloading \(Int(fraction * 100))% \(ProgressBar.text(fraction: fraction, width: 10)) \(size)"
        }
        return "downloading… \(size)"
    }

    // MARK: Dependencies
    @ObservationIgnored private let opener: (any URLOpening)?
    @ObservationIgnored private let downloader: PhotoDownloader?
    @ObservationIgnored private let clipboard: (any Clipboard)?
    /// Where photos are files (a folder): `o` opens the file, `y` copies its path, `d` says where it is.
    @ObservationIgnored private let files: (any LocalPhotoSource)?
    /// Said instead of opening or copying a link that would not work (`PhotoSource.noWebPageReason`).
    @ObservationIgnored private let noWebPageReason: String?
    @ObservationIgnored private var downloadTask: Task<Void, Never>?

    /// Without an opener `o` shows the URL; without a clipboard `y` does; without a downloader `d` says so.
    public init(opener: (any URLOpening)?, downloader: PhotoDownloader?, clipboard: (any Clipboard)?,
                files: (any LocalPhotoSource)? = nil, noWebPageReason: String? = nil) {
        self.noWebPageReason = noWebPageReason
        self.opener = opener
        self.downloader = downloader
        self.clipboard = clipboard
        self.files = files
    }

    deinit { downloadTask?.cancel() }

    // MARK: Inputs
    /// Clears the last message (the user moved on); a running download keeps showing its progress.
    public func dismissMessage() {
        if message != nil { message = nil }
    }

    /// Opens the photo's file in the desktop's viewer, or its web page in the browser; shows the
    /// URL when nothing can open it.
    public func open(_ photo: LibraryItem) {
        if let path = files?.filePath(of: photo) {
            openFile(path)
            return
        }
        if let noWebPageReason {
            message = noWebPageReason
            return
        }
        let url = photo.referralLink
        guard !url.isEmpty else {
            message = "this photo has no web page"
            return
        }
        message = opener?.open(url) == true ? "opening \(url)" : url
    }

    /// Copies the photo's file path, or its web page URL, to the clipboard. Nothing is copied when
    /// there is nothing to copy: an empty copy would wipe what the user had there.
    public func copyLink(of photo: LibraryItem) {
        let path = files?.filePath(of: photo)
        if path == nil, let noWebPageReason {
            // What the user had on the clipboard stays: a dead link would only replace it.
            message = "\(noWebPageReason): nothing copied"
            return
        }
        // A file's path goes as its bytes: pasted, it names this file and no look-alike.
        let bytes = path?.bytes ?? Array(photo.referralLink.utf8)
        guard !bytes.isEmpty else {
            message = "this photo has no link to copy"
            return
        }
        let shown = path?.description ?? photo.referralLink
        guard let clipboard else {
            message = shown
            return
        }
        message = "copied \(shown) \(clipboard.copy(bytes))"
    }

    /// Saves the original; progress and the outcome appear in `statusText`. A file is already saved.
    public func download(_ photo: LibraryItem) {
        if let path = files?.filePath(of: photo) {
            message = "already on disk: \(path)"
            return
        }
        guard let downloader else {
            message = "downloads are not available"
            return
        }
        guard downloadTask == nil else {
            message = "a download is already running"
            return
        }
        message = nil
        download = DownloadProgress(received: 0, expected: nil)
        // Progress arrives on the transfer's thread; only the newest value matters.
        let (updates, continuation) = AsyncStream.makeStream(of: DownloadProgress.self,
                                                             bufferingPolicy: .bufferingNewest(1))
        Task { [weak self] in
            for await progress in updates { self?.report(progress) }
        }
        downloadTask = Task { [weak self] in
            let result: Result<String, any Error>
            do {
                result = .success(try await downloader.download(photo) { continuation.yield($0) })
            } catch {
                result = .failure(error)
            }
            continuation.finish()
            self?.finishDownload(with: result)
        }
    }

    /// Hands `path` to the desktop's opener (`xdg-open`), which says later if it failed.
    private func openFile(_ path: FilePath) {
        let name = LocalFile.name(of: path)
        guard let opener, let program = opener.open(path, onFailure: { [weak self] program in
            Task { @MainActor in self?.message = "\(FilePath(program).name) could not open \(name)" }
        }) else {
            message = "nothing opens files here: install xdg-utils (xdg-open) to open \(name)"
            return
        }
        message = "opening \(name) with \(FilePath(program).name)"
    }

    // MARK: Results
    private func report(_ progress: DownloadProgress) {
        guard downloadTask != nil else { return }
        download = progress
    }

    private func finishDownload(with result: Result<String, any Error>) {
        downloadTask = nil
        download = nil
        switch result {
        case .success(let path): message = "saved to \(path)"
        case .failure(let error): message = "download failed: \(ErrorMessage.text(for: error))"
        }
    }
}

extension PhotoActions {
    /// `o` opens, `d` downloads, `y` copies the link of `photo`; false for any other action.
    func perform(_ action: KeyAction, for photo: LibraryItem?) -> Bool {
        switch action {
        case .openExternally: if let photo { open(photo) }
        case .download: if let photo { download(photo) }
        case .copy: if let photo { copyLink(of: photo) }
        default: return false
        }
        return true
    }
}
