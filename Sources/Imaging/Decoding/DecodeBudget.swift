/// What one decode may take, besides `maxPixels` (which bounds what a header may announce): a
/// small file can announce a picture whose pixels, or an animation whose frames, take gigabytes
/// (issue 25: a 24 KB HEIF grid took 1 GB, a 2 KB animated WebP 1.1 GB). A codec that can scale
/// while decoding, or average rows into boxes as they are read, keeps to `bytes`; one that cannot
/// refuses with `ImageError.overBudget`.
public enum DecodeBudget {
    /// The most bytes of decoded pixels one picture, or an animation's canvases held at once, may
    /// take: with the copies a renderer makes, `gallery view` stays under 512 MB of memory.
    public static let bytes = 256 << 20

    /// How long `gallery view` waits for one file's picture before it says so and goes on.
    public static let time = Duration.seconds(5)

    /// `bytes` in MB, for the messages of refusals.
    static var megabytes: Int { bytes >> 20 }

    /// Why `needed` bytes of `what` are refused, or nil when they fit.
    static func refusal(of what: String, needing needed: Int) -> ImageError? {
        guard needed > bytes else { return nil }
        return .overBudget("\(what) needs \(max(1, needed >> 20)) MB to decode, more than the \(megabytes) MB a picture may take")
    }
}
