public import TerminalVocabulary

/// What an image slot shows: a spinner, the image, or why it failed.
public enum ThumbnailState: Sendable, Equatable {
    case loading
    case loaded(RenderedPicture)
    case failed(String)

    /// The thumbnail when loaded.
    public var thumbnail: RenderedPicture? {
        if case .loaded(let thumbnail) = self { return thumbnail }
        return nil
    }
}
