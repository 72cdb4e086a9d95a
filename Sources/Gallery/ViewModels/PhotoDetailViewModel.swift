import TerminalEnvironment
import Imaging
public import Observation

/// The detail pane's view model. The list's photo record is shown at once; `viewDidLoad` fetches
/// the full one, and the image is loaded fitted (never cropped) into whatever area the view reports.
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

    public var author: String {
        photo.user.username.isEmpty ? "by \(photo.user.name)" : "by \(photo.user.name) (@\(photo.user.username))"
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

    public var link: String { photo.referralLink }

    @ObservationIgnored public weak var coordinator: (any PhotoDetailViewModelCoordinating)?
    /// The list this photo was opened from, for ←/→; nil: the pane shows just this photo.
    @ObservationIgnored public weak var neighbours: (any PhotoNeighbours)?

    // MARK: Dependencies and bookkeeping
    @ObservationIgnored private let source: any PhotoSource
    @ObservationIgnored private let pipeline: ThumbnailPipeline
    @ObservationIgnored private var didLoad = false
    @ObservationIgnored private var imageArea: (columns: Int, rows: Int)?
    @ObservationIgnored private var detailsTask: Task<Void, Never>?
    @ObservationIgnored private var extrasTask: Task<Void, Never>?
    @ObservationIgnored private var imageTask: Task<Void, Never>?
    @ObservationIgnored private var imageGeneration = 0
    @ObservationIgnored private var moveTask: Task<Void, Never>?
    @ObservationIgnored private var queuedOffset = 0

    public init(photo: Photo, source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering) {
        self.photo = photo
        self.source = source
        self.pipeline = ThumbnailPipeline(source: source, loader: loader, renderer: renderer)
    }

    deinit {
        detailsTask?.cancel()
        extrasTask?.cancel()
        imageTask?.cancel()
        moveTask?.cancel()
    }

    // MARK: Inputs
    public func viewDidLoad() {
        guard !didLoad else { return }
        didLoad = true
        isLoading = true
        let source = self.source
        let id = photo.id
        detailsTask = Task { [weak self] in
            let result: Result<Photo, any Error>
            do {
                result = .success(try await source.photo(id: id))
            } catch {
                result = .failure(error)
            }
            self?.finishDetails(of: id, with: result)
        }
        let photo = self.photo
        extrasTask = Task { [weak self] in
            // Extras are a bonus: without them the pane is still complete, so failures stay quiet.
            let lines = (try? await source.extraDetails(for: photo)) ?? []
            self?.extraDetails = lines
        }
    }

    public func setImageArea(columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return }
        if let area = imageArea, area == (columns, rows), image != nil, !isFailed(image) { return }
        imageArea = (columns, rows)
        imageTask?.cancel()
        imageGeneration += 1
        let generation = imageGeneration
        let pipeline = self.pipeline
        let photo = self.photo
        image = .loading
        imageTask = Task { [weak self] in
            let result: Result<RenderedPicture, any Error>
            do {
                result = .success(try await pipeline.thumbnail(for: photo, columns: columns, rows: rows, fit: .max))
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
            if let next { self.show(next) } else { self.isLoading = self.detailsTask != nil }
            let queued = self.queuedOffset
            self.queuedOffset = 0
            if next != nil, queued != 0 { self.move(by: queued) }
        }
    }

    /// Replaces the photo: its full record and image load afresh, in the same area.
    private func show(_ next: Photo) {
        detailsTask?.cancel()
        detailsTask = nil
        extrasTask?.cancel()
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
        extrasTask?.cancel()
        imageTask?.cancel()
        moveTask?.cancel()
        isLoading = false
        coordinator?.photoDetailViewModelDidClose(self)
    }

    // MARK: Results
    private func finishDetails(of id: String, with result: Result<Photo, any Error>) {
        // The pane moved on to another photo since: this record is not wanted.
        guard id == photo.id else { return }
        detailsTask = nil
        // Whatever happened, the request is over: the spinner must stop.
        isLoading = false
        switch result {
        case .success(let full):
            photo = full
        case .failure(let error):
            if error is CancellationError { return }
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    private func finishImage(generation: Int, with result: Result<RenderedPicture, any Error>) {
        guard generation == imageGeneration, !Task.isCancelled else { return }
        imageTask = nil
        switch result {
        case .success(let thumbnail): image = .loaded(thumbnail)
        case .failure(let error): image = .failed(ErrorMessage.text(for: error))
        }
    }

    private func isFailed(_ state: ThumbnailState?) -> Bool {
        if case .failed = state { return true }
        return false
    }
}
