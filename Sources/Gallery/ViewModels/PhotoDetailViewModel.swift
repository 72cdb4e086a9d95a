import TerminalVocabulary
public import Imaging
public import Observation

/// The detail pane's state and its one update. The list's photo record is shown at once; once the
/// photo has been shown for a moment (`DetailDwell`), the full record and the source's extra lines
/// are fetched, or taken from `PhotoDetailsCache`, so flipping past photos asks the source
/// nothing. The image is loaded at once, fitted (never cropped) into whatever area the view
/// reports. Every change is a `DetailMessage` to `update(_:)`, as in `PhotosViewModel`: the
/// tasks it starts end by sending their answers.
@MainActor
@Observable
public final class PhotoDetailViewModel: UpdatedByMessages {
    // MARK: State
    public private(set) var photo: LibraryItem
    public private(set) var image: ThumbnailState?
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var extraDetails: [String] = []
    /// The status bar's one-off sentence ("this is the last photo"), until the next step.
    public private(set) var note: String?
    /// The closer look asked for (`+`, `=`, a pan); nil while the photo is fitted to the pane.
    public private(set) var zoom: PictureZoom?
    /// What the zoomed picture on the screen shows, for the status bar; nil while fitted.
    public private(set) var zoomShown: ZoomView?
    /// Whether the picture fills the terminal (`f`): no status line, no text beside it.
    public private(set) var fillsTerminal = false

    public var title: String {
        let text = photo.title
        return text.isEmpty ? "Untitled" : text
    }

    /// "by NAME (@user)"; nil when the source names nobody (a local file: never its folder's name).
    public var author: String? {
        guard let author = photo.author, !author.name.trimmingWhitespace().isEmpty else { return nil }
        return author.username.isEmpty ? "by \(author.name)" : "by \(author.name) (@\(author.username))"
    }
    public var dimensions: String { "\(photo.width) × \(photo.height)" }
    public var likes: String? {
        source.hasLikes ? "\(photo.likes) like\(photo.likes == 1 ? "" : "s")" : nil
    }
    public var attribution: String { source.attribution(for: photo) ?? "" }
    /// When the photo was taken ("Taken 27 Jul 2023 at 11:11", in the locale's words) when the
    /// source said: a local file's says how that was found (`TakenDate.line(for:)`), and nothing
    /// when only its modification time tells.
    public var taken: String? {
        if let captureDate = photo.captureDate { return TakenDate.line(for: captureDate) }
        return photo.createdAt.flatMap(TakenDate.init(timestamp:)).map { "Taken \($0.text)" }
    }

    /// "12 of 388": where the photo stands in the list the pane was opened from.
    public var place: String? {
        guard let (index, count) = neighbours?.place(of: photo.id) else { return nil }
        return "\(CountText.grouped(index + 1)) of \(CountText.grouped(count))"
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
    @ObservationIgnored private var imageArea: CellSize?
    /// The wait, then the full record and the extra lines.
    @ObservationIgnored private var detailsTask: Task<Void, Never>?
    /// The full record is awaited (the spinner turns until it comes).
    @ObservationIgnored private var isFetchingRecord = false
    @ObservationIgnored private var imageTask: Task<Void, Never>?
    /// Numbers each request (the picture, a step), so an answer names the request it answers.
    @ObservationIgnored private var requests = RequestNumbers()
    /// The picture's request now: the answers and frames of earlier ones are dropped.
    @ObservationIgnored private var imageRequest = 0
    /// Plays an animated picture's frames while the pane shows it.
    @ObservationIgnored private var animationTask: Task<Void, Never>?
    /// Which of an animation's (or a video's) frames `image` is (0 for a still picture): the screen tells the
    /// frames apart by it.
    public private(set) var frameIndex = 0
    /// The video playing or paused in the pane (a video item, a Live Photo's motion); nil when none.
    public private(set) var playing: VideoPlaying?
    /// The picture shown before a video played: shown again when it stops.
    @ObservationIgnored private var still: RenderedPicture?
    @ObservationIgnored private var player: PaneVideoPlayer?
    /// Asks `player` for frame after frame while the video plays; cancelled to pause or stop.
    @ObservationIgnored private(set) var playbackTask: Task<Void, Never>?
    @ObservationIgnored private var moveTask: Task<Void, Never>?
    @ObservationIgnored private var moveRequest = 0
    @ObservationIgnored private var queuedOffset = 0
    /// The way the last step went (+1 or -1): that neighbour is made ahead first.
    @ObservationIgnored private var heading = 1
    @ObservationIgnored private(set) var ahead = PicturesAhead()
    /// The neighbours are to be made once the shown picture is on the screen: made while it is
    /// written, they took the cores its bytes needed (Enter 1.45x slower, BENCHMARKS.md).
    @ObservationIgnored private var aheadWanted = false
    /// Makes the neighbours' pictures once this one is up.
    @ObservationIgnored private var aheadTask: Task<Void, Never>?
    /// The pixels the zoomed picture was drawn from: a pan they cover is drawn without decoding.
    @ObservationIgnored private var zoomPixels: ZoomedPixels?
    /// Tests' waits for the state, checked after every update.
    @ObservationIgnored let updates = UpdateWaiters()

    /// - Parameters:
    ///   - details: what earlier panes fetched; this one adds to it.
    ///   - dwell: how long a photo is shown before its details are asked for.
    public init(photo: LibraryItem, source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering,
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
        aheadTask?.cancel()
        animationTask?.cancel()
        playbackTask?.cancel()
    }

    // MARK: The update
    /// Changes the state as `message` says; the one way in.
    public func update(_ message: DetailMessage) {
        switch message {
        case .appeared: appear()
        case .imageArea(let cells): setImageArea(cells)
        case .move(let offset): move(by: offset)
        case .close: close()
        case .recordArrived(let id, let result): finishDetails(of: id, with: result)
        case .extrasArrived(let id, let lines): finishExtras(of: id, lines: lines)
        case .imageMade(let request, let result): finishImage(request: request, with: result)
        case .frame(let request, let index, let picture):
            guard request == imageRequest else { break }
            frameIndex = index
            image = .loaded(picture)
        case .pictureShown:
            // The task starts after this main-actor turn, whose frame writes the picture.
            if aheadWanted {
                aheadWanted = false
                makeNeighboursAhead()
            }
        case .madeAhead(let id, let cells, let picture): ahead.keep(picture, of: id, cells: cells)
        case .stepped(let request, let next): finishMove(request: request, to: next)
        case .zoom(let step): zoom(step)
        case .pan(let across, let down): pan(across: across, down: down)
        case .fillTerminal(let fills): fillsTerminal = fills
        case .zoomMade(let request, let result): finishZoom(request: request, with: result)
        case .playPause: playPause()
        case .filesChanged(let index): follow(shownAt: index)
        case .videoFrame(let request, let picture, let time, let length):
            guard request == imageRequest, let playing, !playing.isPaused else { break }
            frameIndex += 1
            image = .loaded(picture)
            self.playing?.time = time
            // A Live Photo's motion is no item of its own: its length is known once it is open.
            if playing.duration == nil { self.playing?.duration = length }
        case .pausedFrame(let request, let picture, let time):
            guard request == imageRequest, playing?.isPaused == true else { break }
            frameIndex += 1
            image = .loaded(picture)
            self.playing?.time = time
        case .playbackEnded(let request, let failure):
            guard request == imageRequest else { break }
            stopMotion()
            if let failure { errorMessage = failure }
        }
        updates.check()
    }


    private func appear() {
        guard !didLoad else { return }
        didLoad = true
        let id = photo.id
        let known = details.entry(for: id)
        if var full = known.photo {
            // The list's labels are the latest: they may have changed since the record was kept.
            full.labels = photo.labels
            full.companions = photo.companions
            photo = full
        }
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
            if let result = await record { self?.update(.recordArrived(id: id, result)) }
            if let lines = await extras { self?.update(.extrasArrived(id: id, lines)) }
        }
    }

    private nonisolated static func record(of id: String, from source: any PhotoSource) async -> Result<LibraryItem, any Error> {
        do {
            return .success(try await source.photo(id: id))
        } catch {
            return .failure(error)
        }
    }

    private func setImageArea(_ cells: CellSize) {
        guard !cells.isEmpty else { return }
        if imageArea == cells, image != nil, !isFailed(image) { return }
        imageArea = cells
        if let zoom { return requestZoom(zoom) }
        imageTask?.cancel()
        aheadTask?.cancel()
        aheadWanted = false
        stopMotion()
        imageRequest = requests.next()
        let request = imageRequest
        let pipeline = self.pipeline
        let photo = self.photo
        if let made = ahead.picture(of: photo.id, cells: cells) {
            imageTask = nil
            display(made, request: request)
            return
        }
        image = .loading
        imageTask = Task { [weak self] in
            let result: Result<RenderedPicture, any Error>
            do {
                result = .success(try await pipeline.thumbnail(for: photo, cells: cells, fit: .contain))
            } catch {
                result = .failure(error)
            }
            self?.update(.imageMade(request: request, result))
        }
    }

    /// Shows the next (`offset` 1) or previous (-1) photo of the list the pane was opened from,
    /// loading the list's next page when needed. Nothing happens at either end.
    /// Presses that arrive while a step is under way add up and are taken when it ends.
    private func move(by offset: Int) {
        guard let neighbours else { return }
        heading = offset < 0 ? -1 : 1
        note = nil
        guard moveTask == nil else {
            queuedOffset += offset
            return
        }
        let id = photo.id
        isLoading = true
        moveRequest = requests.next()
        let request = moveRequest
        moveTask = Task { [weak self] in
            let next = await neighbours.photo(adjacentTo: id, offset: offset)
            guard !Task.isCancelled else { return }
            self?.update(.stepped(request: request, to: next))
        }
    }

    private func finishMove(request: Int, to next: LibraryItem?) {
        guard request == moveRequest, moveTask != nil else { return }
        moveTask = nil
        if let next {
            show(next)
        } else {
            isLoading = isFetchingRecord
            // A key that does nothing says why.
            note = heading > 0 ? "this is the last photo" : "this is the first photo"
        }
        let queued = queuedOffset
        queuedOffset = 0
        if next != nil, queued != 0 { move(by: queued) }
    }

    /// Replaces the photo: its full record and image load afresh, in the same area.
    private func show(_ next: LibraryItem) {
        detailsTask?.cancel()
        detailsTask = nil
        isFetchingRecord = false
        extraDetails = []
        photo = next
        errorMessage = nil
        didLoad = false
        stopMotion()
        still = nil
        // Each photo opens fitted: a zoom is into one photo.
        (zoom, zoomShown, zoomPixels) = (nil, nil, nil)
        appear()
        if let area = imageArea {
            image = nil
            setImageArea(area)
        }
    }

    private func follow(shownAt index: Int) {
        guard let neighbours else { return }
        if let place = neighbours.place(of: photo.id) {
            if let listed = neighbours.photo(nearest: place.index), listed.id == photo.id,
               listed.labels != photo.labels || listed.companions != photo.companions {
                (photo.labels, photo.companions) = (listed.labels, listed.companions)
            }
            return
        }
        guard let next = neighbours.photo(nearest: index) else {
            close()
            return
        }
        moveTask?.cancel()
        moveTask = nil
        queuedOffset = 0
        show(next)
    }

    private func close() {
        detailsTask?.cancel()
        imageTask?.cancel()
        moveTask?.cancel()
        aheadTask?.cancel()
        stopMotion()
        isLoading = false
        coordinator?.photoDetailViewModelDidClose(self)
    }

    // MARK: Results
    private func finishDetails(of id: String, with result: Result<LibraryItem, any Error>) {
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

    private func finishImage(request: Int, with result: Result<RenderedPicture, any Error>) {
        guard request == imageRequest else { return }
        imageTask = nil
        switch result {
        case .success(let thumbnail):
            display(thumbnail, request: request)
        case .failure(let error): image = .failed(ErrorMessage.text(for: error))
        }
    }

    /// Shows the photo's picture (made now or ahead), starts what moves in it, and makes its
    /// neighbours' pictures ahead.
    private func display(_ picture: RenderedPicture, request: Int) {
        image = .loaded(picture)
        still = picture
        if let area = imageArea { ahead.keep(picture, of: photo.id, cells: area) }
        // A video plays once its poster is up; a Live Photo's motion waits for Space.
        if photo.video != nil { play() } else { playAnimation(request: request) }
        aheadWanted = true
    }

    /// Makes the pictures of the photos beside this one at the pane's size, the way the last step
    /// went first, one at a time after the shown one is up: a step to either then shows at once.
    private func makeNeighboursAhead() {
        guard let neighbours, let area = imageArea else { return }
        let (id, pipeline, heading, ahead) = (photo.id, pipeline, heading, ahead)
        aheadTask = Task { [weak self] in
            for offset in [heading, -heading] {
                guard !Task.isCancelled, let next = await neighbours.photo(adjacentTo: id, offset: offset),
                      next.picture != nil, !ahead.has(next.id, cells: area) else { continue }
                guard let picture = try? await pipeline.thumbnail(for: next, cells: area, fit: .contain),
                      !Task.isCancelled else { continue }
                self?.update(.madeAhead(id: next.id, cells: area, picture))
            }
        }
    }

    // MARK: Zoom

    /// The photo's upright size: the zoomed pixels' header's, else the record's; nil when unknown.
    private var photoSize: PixelSize? {
        if let known = zoomPixels?.photo { return known }
        return photo.width > 0 && photo.height > 0 ? PixelSize(width: photo.width, height: photo.height) : nil
    }

    private func zoom(_ step: ZoomStep) {
        // A key pressed while the fitted picture loads zooms at once: the zoom replaces it.
        guard let area = imageArea, photo.video == nil, !isFailed(image) else { return }
        let box = pipeline.renderer.zoomBox(cells: area)
        // Steps from the fit count from its scale; a photo of unknown size counts from 100 %.
        let fit = photoSize.map { PictureZoom.fitScale(photo: $0, box: box) } ?? 1
        let scale: Double?
        switch step {
        case .closer: scale = PictureZoom.zoomedIn(from: zoom?.scale ?? fit)
        case .further: scale = zoom.flatMap { PictureZoom.zoomedOut(from: $0.scale, fit: fit) }
        case .actualSize: scale = 1
        case .fit: scale = nil
        }
        guard let scale else { return unzoom() }
        guard scale != zoom?.scale else { return }
        requestZoom(PictureZoom(scale: scale, centreX: zoom?.centreX ?? 0.5, centreY: zoom?.centreY ?? 0.5))
    }

    /// Moves the zoomed picture by fractions of the pane; at an edge nothing is drawn again.
    private func pan(across: Double, down: Double) {
        guard let zoom, let area = imageArea, let size = photoSize else { return }
        let box = pipeline.renderer.zoomBox(cells: area)
        let moved = zoom.panned(across: across * Double(box.width), down: down * Double(box.height), photo: size, box: box)
        guard moved != zoom else { return }
        requestZoom(moved)
    }

    /// Draws `wanted` off the main actor; the picture on the screen stays until the new one comes.
    private func requestZoom(_ wanted: PictureZoom) {
        guard let area = imageArea else { return }
        zoom = wanted
        note = nil
        imageTask?.cancel()
        aheadTask?.cancel()
        aheadWanted = false
        stopMotion()
        imageRequest = requests.next()
        let (request, pipeline, photo, kept) = (imageRequest, pipeline, photo, zoomPixels)
        imageTask = Task { [weak self] in
            let result: Result<ZoomedPicture, any Error>
            do {
                let (picture, pixels) = try await pipeline.zoomed(photo, cells: area, zoom: wanted, kept: kept)
                result = .success(ZoomedPicture(picture: picture, pixels: pixels))
            } catch {
                result = .failure(error)
            }
            self?.update(.zoomMade(request: request, result))
        }
    }

    private func finishZoom(request: Int, with result: Result<ZoomedPicture, any Error>) {
        guard request == imageRequest, let zoom, let area = imageArea else { return }
        imageTask = nil
        switch result {
        case .success(let made):
            zoomPixels = made.pixels
            let view = zoom.view(photo: made.pixels.photo, box: pipeline.renderer.zoomBox(cells: area))
            zoomShown = view
            self.zoom = view.zoom
            image = .loaded(made.picture)
        case .failure(let error):
            if error is CancellationError { return }
            unzoom()
            note = "cannot zoom: \(ErrorMessage.text(for: error))"
        }
    }

    /// The whole photo fitted in the pane again: its fitted picture, kept ahead, at once.
    private func unzoom() {
        guard zoom != nil else { return }
        (zoom, zoomShown, zoomPixels) = (nil, nil, nil)
        imageTask?.cancel()
        guard let area = imageArea else { return }
        imageArea = nil
        setImageArea(area)
    }

    // MARK: Animation

    /// Once the still picture is up, an animated GIF or WebP plays at each frame's own delay, over
    /// and over, until the pane closes, moves to another photo or changes size.
    private func playAnimation(request: Int) {
        guard let area = imageArea else { return }
        let pipeline = self.pipeline
        let photo = self.photo
        animationTask = Task { [weak self] in
            guard let frames = try? await pipeline.animation(for: photo, cells: area) else { return }
            var index = 0
            while !Task.isCancelled {
                guard let self, request == self.imageRequest else { return }
                self.update(.frame(request: request, index: index, frames[index].picture))
                let delay = frames[index].milliseconds
                index = (index + 1) % frames.count
                try? await Task.sleep(for: .milliseconds(delay))
            }
        }
    }

    // MARK: Video

    /// Space: a video (a Live Photo's motion) starts, pauses, or goes on from where it paused.
    private func playPause() {
        guard let playing else { return play() }
        if playing.isPaused {
            self.playing?.isPaused = false
            runPlayback()
        } else {
            playbackTask?.cancel()
            self.playing?.isPaused = true
            showPausedFrame()
        }
    }

    /// The frame paused on, drawn in full: a still should look sharp.
    private func showPausedFrame() {
        guard let player else { return }
        let request = imageRequest
        playbackTask = Task { [weak self] in
            guard let paused = try? await player.pausedFrame(), !Task.isCancelled else { return }
            self?.update(.pausedFrame(request: request, paused.picture, time: paused.time))
        }
    }

    /// Plays the item's video over its picture, once the picture is up, from its start: at its own
    /// frame rate, frames dropped rather than falling behind the clock (`VideoPlayback`).
    private func play() {
        guard let area = imageArea, let motion = photo.motion, case .loaded? = image, playing == nil, zoom == nil else { return }
        let isVideo = photo.video != nil
        player = PaneVideoPlayer(path: motion, loops: isVideo, renderer: pipeline.renderer, cells: area)
        playing = VideoPlaying(isPaused: false, time: 0, duration: photo.video?.duration)
        runPlayback()
    }

    /// Frame after frame from `player`, each sent when drawn and the next asked for when it is due,
    /// until the task is cancelled (pause, stop) or the video ends.
    private func runPlayback() {
        guard let player else { return }
        let request = imageRequest
        playbackTask?.cancel()
        playbackTask = Task { [weak self] in
            await player.resume()
            while !Task.isCancelled {
                let frame: PaneVideoPlayer.Frame?
                do {
                    frame = try await player.next()
                } catch {
                    guard !Task.isCancelled else { return }
                    self?.update(.playbackEnded(request: request, failure: ErrorMessage.text(for: error)))
                    return
                }
                guard !Task.isCancelled else { return }
                guard let frame else {
                    self?.update(.playbackEnded(request: request, failure: nil))
                    return
                }
                self?.update(.videoFrame(request: request, frame.picture, time: frame.time, length: frame.length))
                try? await Task.sleep(until: frame.showUntil, clock: .continuous)
            }
        }
    }

    /// Stops an animation or a video playing, and shows the still picture again.
    private func stopMotion() {
        animationTask?.cancel()
        animationTask = nil
        playbackTask?.cancel()
        player = nil
        if playing != nil {
            playing = nil
            if let still { image = .loaded(still) }
        }
        frameIndex = 0
    }

    private func isFailed(_ state: ThumbnailState?) -> Bool {
        if case .failed = state { return true }
        return false
    }
}
