import TerminalEnvironment
import Imaging
public import Observation

/// The detail pane's view model. The list's photo record is shown at once; once the photo has been
/// shown for a moment (`DetailDwell`), the full record and the source's extra lines are fetched,
/// or taken from `PhotoDetailsCache`, so flipping past photos asks the source nothing. The image is
/// loaded at once, fitted (never cropped) into whatever area the view reports.
@MainActor
@Observable
public final class PhotoDetailViewModel: PhotoDetailViewModelProtocol {
    // MARK: Outputs
    public private(set) var photo: Photo
    public private(set) var image: ThumbnailState?
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var extraDetails: [String] = []

    public var title: String {
        let text = photo.displayText
        return text.isEmpty ? "Untitled" : text
    }

    /// "by NAME (@user)"; nil when the source names nobody (a local file: never its folder's name).
    public var author: String? {
        guard !photo.user.name.trimmingWhitespace().isEmpty else { return nil }
        return photo.user.username.isEmpty ? "by \(photo.user.name)" : "by \(photo.user.name) (@\(photo.user.username))"
    }
    public var dimensions: String { "\(photo.width) × \(photo.height)" }
    public var likes: String? {
        source.hasLikes ? "\(photo.likes) like\(photo.likes == 1 ? "" : "s")" : nil
    }
    public var attribution: String { source.attribution(for: photo) ?? "" }
    /// The creation date ("2024-01-02") when the source gave one.
    public var created: String? {
        guard let createdAt = photo.createdAt, createdAt.count >= 10 else { return nil }
        return String(createdAt.prefix(10))
    }

    /// "" where the source says the link would not work (the demo's).
    public var link: String { source.noWebPageReason == nil ? photo.referralLink : "" }

    @ObservationIgnored public weak var coordinator: (any PhotoDetailViewModelCoordinating)?
    /// The list this photo was opened from, for ←/→; nil: the pane shows just this photo.
    @ObservationIgnored public weak var neighbours: (any PhotoNeighbours)?

    // MARK: Dependencies and bookkeeping
    @ObservationIgnored private let source: any PhotoSource
    @ObservationIgnored private let pipeline: ThumbnailPipeline
    @ObservationIgnored private let details: PhotoDetailsCache
    @ObservationIgnored private let dwell: DetailDwell
    @ObservationIgnored private var didLoad = false
    @ObservationIgnored private var imageArea: (columns: Int, rows: Int)?
    /// The wait, then the full record and the extra lines.
    @ObservationIgnored private var detailsTask: Task<Void, Never>?
    /// The full record is awaited (the spinner turns until it comes).
    @ObservationIgnored private var isFetchingRecord = false
    @ObservationIgnored private var imageTask: Task<Void, Never>?
    @ObservationIgnored private var imageGeneration = 0
    /// Plays an animated picture's frames while the pane shows it.
    @ObservationIgnored private var animationTask: Task<Void, Never>?
    /// Which of an animation's frames `image` is (0 for a still picture): the screen tells the
    /// frames apart by it.
    public private(set) var frameIndex = 0
    @ObservationIgnored private var moveTask: Task<Void, Never>?
    @ObservationIgnored private var queuedOffset = 0

    /// - Parameters:
    ///   - details: what earlier panes fetched; this one adds to it.
    ///   - dwell: how long a photo is shown before its details are asked for.
    public init(photo: Photo, source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering,
                details: PhotoDetailsCache = PhotoDetailsCache(), dwell: DetailDwell = .moment) {
        self.photo = photo
        self.source = source
        self.details = details
        self.dwell = dwell
        self.pipeline = ThumbnailPipeline(source: source, loader: loader, renderer: renderer)
    }

    deinit {
        detailsTask?.cancel()
        imageTask?.cancel()
        moveTask?.cancel()
    }

    // MARK: Inputs
    public func viewDidLoad() {
        guard !didLoad else { return }
        didLoad = true
        let id = photo.id
        let known = details.entry(for: id)
        if let full = known.photo { photo = full }
        if let lines = known.extraDetails { extraDetails = lines }
        let needsRecord = known.photo == nil
        let needsExtras = known.extraDetails == nil
        isLoading = needsRecord
        isFetchingRecord = needsRecord
        guard needsRecord || needsExtras else { return }
        let (source, dwell, photo) = (self.source, self.dwell, self.photo)
        detailsTask = Task { [weak self] in
            // Cancelled when the pane moves on or closes: nothing is asked for this photo.
            guard (try? await dwell.wait(id)) != nil, !Task.isCancelled else { return }
            async let record = needsRecord ? Self.record(of: id, from: source) : nil
            // Extras are a bonus: without them the pane is still complete, so failures stay quiet.
            async let extras = needsExtras ? try? await source.extraDetails(for: photo) : nil
            if let result = await record { self?.finishDetails(of: id, with: result) }
            if let lines = await extras { self?.finishExtras(of: id, lines: lines) }
        }
    }

    private nonisolated static func record(of id: String, from source: any PhotoSource) async -> Result<Photo, any Error> {
        do {
            return .success(try await source.photo(id: id))
        } catch {
            return .failure(error)
        }
    }

    public func setImageArea(columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return }
        if let area = imageArea, area == (columns, rows), image != nil, !isFailed(image) { return }
        imageArea = (columns, rows)
        imageTask?.cancel()
        stopAnimation()
        imageGeneration += 1
        let generation = imageGeneration
        let pipeline = self.pipeline
        let photo = self.photo
        image = .loading
        imageTask = Task { [weak self] in
            let result: Result<RenderedPicture, any Error>
            do {
                result = .success(try await pipeline.thumbnail(for: photo, columns: columns, rows: rows, fit: .contain))
            } catch {
                result = .failure(error)
            }
            self?.finishImage(generation: generation, with: result)
        }
    }

    /// Shows the next (`offset` 1) or previous (-1) photo of the list the pane was opened from,
    /// loading the list's next page when needed. Nothing happens at either end.
    /// Presses that arrive while a step is under way add up and are taken when it ends.
    public func move(by offset: Int) {
        guard let neighbours else { return }
        guard moveTask == nil else {
            queuedOffset += offset
            return
        }
        let id = photo.id
        isLoading = true
        moveTask = Task { [weak self] in
            let next = await neighbours.photo(adjacentTo: id, offset: offset)
            guard let self, !Task.isCancelled else { return }
            self.moveTask = nil
            if let next { self.show(next) } else { self.isLoading = self.isFetchingRecord }
            let queued = self.queuedOffset
            self.queuedOffset = 0
            if next != nil, queued != 0 { self.move(by: queued) }
        }
    }

    /// Replaces the photo: its full record and image load afresh, in the same area.
    private func show(_ next: Photo) {
        detailsTask?.cancel()
        detailsTask = nil
        isFetchingRecord = false
        extraDetails = []
        photo = next
        errorMessage = nil
        didLoad = false
        viewDidLoad()
        if let area = imageArea {
            image = nil
            setImageArea(columns: area.columns, rows: area.rows)
        }
    }

    public func close() {
        detailsTask?.cancel()
        imageTask?.cancel()
        moveTask?.cancel()
        stopAnimation()
        isLoading = false
        coordinator?.photoDetailViewModelDidClose(self)
    }

    // MARK: Results
    private func finishDetails(of id: String, with result: Result<Photo, any Error>) {
        // The pane moved on to another photo since: this record is not wanted.
        guard id == photo.id else { return }
        isFetchingRecord = false
        // Whatever happened, the request is over: the spinner must stop.
        isLoading = false
        switch result {
        case .success(let full):
            photo = full
            details.store(full)
        case .failure(let error):
            if error is CancellationError { return }
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    private func finishExtras(of id: String, lines: [String]) {
        guard id == photo.id else { return }
        extraDetails = lines
        details.store(extraDetails: lines, for: id)
    }

    private func finishImage(generation: Int, with result: Result<RenderedPicture, any Error>) {
        guard generation == imageGeneration, !Task.isCancelled else { return }
        imageTask = nil
        switch result {
        case .success(let thumbnail):
            image = .loaded(thumbnail)
            playAnimation(generation: generation)
        case .failure(let error): image = .failed(ErrorMessage.text(for: error))
        }
    }

    // MARK: Animation

    /// Once the still picture is up, an animated GIF or WebP plays at each frame's own delay, over
    /// and over, until the pane closes, moves to another photo or changes size.
    private func playAnimation(generation: Int) {
        guard let area = imageArea else { return }
        let pipeline = self.pipeline
        let photo = self.photo
        animationTask = Task { [weak self] in
            guard let frames = try? await pipeline.animation(for: photo, columns: area.columns, rows: area.rows) else { return }
            var index = 0
            while !Task.isCancelled {
                guard let self, generation == self.imageGeneration else { return }
                self.frameIndex = index
                self.image = .loaded(frames[index].picture)
                let delay = frames[index].milliseconds
                index = (index + 1) % frames.count
                try? await Task.sleep(for: .milliseconds(delay))
            }
        }
    }

    private func stopAnimation() {
        animationTask?.cancel()
        animationTask = nil
        frameIndex = 0
    }

    private func isFailed(_ state: ThumbnailState?) -> Bool {
        if case .failed = state { return true }
        return false
    }
}
