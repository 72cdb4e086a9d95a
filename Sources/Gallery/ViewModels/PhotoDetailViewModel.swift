import Observation

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
    public var likes: String { "\(photo.likes) like\(photo.likes == 1 ? "" : "s")" }
    public var attribution: String { source.attribution(for: photo) ?? "" }

    public var link: String {
        guard !photo.links.html.isEmpty else { return "" }
        return URLQuery.setting([("utm_source", Self.appName), ("utm_medium", "referral")], on: photo.links.html)
    }

    @ObservationIgnored public weak var coordinator: (any PhotoDetailViewModelCoordinating)?

    // MARK: Dependencies and bookkeeping
    /// The application name sent in referral links.
    static let appName = "gallery"
    @ObservationIgnored private let source: any PhotoSource
    @ObservationIgnored private let pipeline: ThumbnailPipeline
    @ObservationIgnored private var didLoad = false
    @ObservationIgnored private var imageArea: (columns: Int, rows: Int)?
    @ObservationIgnored private var detailsTask: Task<Void, Never>?
    @ObservationIgnored private var extrasTask: Task<Void, Never>?
    @ObservationIgnored private var imageTask: Task<Void, Never>?
    @ObservationIgnored private var imageGeneration = 0

    public init(photo: Photo, source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering) {
        self.photo = photo
        self.source = source
        self.pipeline = ThumbnailPipeline(source: source, loader: loader, renderer: renderer)
    }

    deinit {
        detailsTask?.cancel()
        extrasTask?.cancel()
        imageTask?.cancel()
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
            self?.finishDetails(with: result)
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
            let result: Result<Thumbnail, any Error>
            do {
                result = .success(try await pipeline.thumbnail(for: photo, columns: columns, rows: rows, fit: .max))
            } catch {
                result = .failure(error)
            }
            self?.finishImage(generation: generation, with: result)
        }
    }

    public func close() {
        detailsTask?.cancel()
        extrasTask?.cancel()
        imageTask?.cancel()
        isLoading = false
        coordinator?.photoDetailViewModelDidClose(self)
    }

    // MARK: Results
    private func finishDetails(with result: Result<Photo, any Error>) {
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

    private func finishImage(generation: Int, with result: Result<Thumbnail, any Error>) {
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
