/// What a request asks for, as far as fault injection cares.
enum RequestKind: Sendable, Equatable {
    /// A list or search page (1-based).
    case page(Int)
    /// A photo's picture; `index` is the photo's catalog index.
    case image(index: Int)
    /// Any other request: one photo, download tracking, unknown paths.
    case other
}
