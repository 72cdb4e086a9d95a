import Imaging
import TerminalVocabulary
import OperatingSystem

/// One frame of an animation as drawn, and how long it stays on the screen.
struct AnimationFrame: Sendable {
    let picture: RenderedPicture
    let milliseconds: Int
}

extension ThumbnailPipeline {
    /// At most this many frames are drawn ahead (a GIF of thousands is shown by its first ones)...
    static let maxAnimationFrames = 300
    /// ...and no more once the drawn frames hold this much (escape sequences or text).
    static let maxAnimationBytes = 64 << 20

    /// The frames of a local animated GIF or WebP drawn over `cells`, each as the
    /// detail pane shows its picture; nil for a still picture or a photo from the network (which
    /// the catalogs serve as still JPEGs).
    @concurrent
    func animation(for photo: LibraryItem, cells: CellSize) async throws -> [AnimationFrame]? {
        // A video's frames are no picture's: never read whole here.
        guard photo.video == nil else { return nil }
        let pixels = renderer.pixelSize(cells: cells)
        guard let location = source.imageLocation(for: photo, width: pixels.width, height: pixels.height, fit: .contain),
              case .file = location else { return nil }
        let data = try await loader.imageData(at: location)
        guard let format = ImageFormat(sniffing: data.prefix(ImageFormat.signatureLength)),
              format == .gif || format == .webp else { return nil }
        try Task.checkCancellation()
        let renderer = self.renderer
        // The frames are read on a thread outside any task, which a cancelled task tells here.
        let cancelled = Locked(false)
        // Frames stop being read at the time budget; one frame begun may take as long again.
        return try await withTaskCancellationHandler {
            try await animationFrames(of: data, cells: cells, renderer: renderer, cancelled: cancelled)
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    private func animationFrames(of data: [UInt8], cells: CellSize, renderer: any ThumbnailRendering,
                                 cancelled: Locked<Bool>) async throws -> [AnimationFrame]? {
        try await RenderLimiter.shared.run(within: DecodeBudget.time * 2) {
            var frames: [AnimationFrame] = []
            var bytes = 0
            // What was read within the time budget plays; the rest is never read.
            let deadline = ContinuousClock.now + DecodeBudget.time
            try ImageDecoder.forEachFrame(data, maxFrames: Self.maxAnimationFrames, background: renderer.background) { image, milliseconds in
                let picture = try renderer.render(image, cells: cells, fit: .contain)
                frames.append(AnimationFrame(picture: picture, milliseconds: milliseconds))
                bytes += picture.byteCount
                return bytes < Self.maxAnimationBytes && !cancelled.withLock({ $0 }) && ContinuousClock.now < deadline
            }
            return frames.count > 1 ? frames : nil
        }
    }
}
