@testable import Imaging
@testable import JPEGDCDecoder

extension JPEGEighthDecoder {
    /// The decoder on an array, with its knobs, as an `RGBImage` to compare with libjpeg-turbo's.
    static func decode(_ data: [UInt8], parallel: Bool = true, parallelFrom: Int = JPEGDCScan.parallelBlocks,
                       report: (JPEGDCScan.Outcome) -> Void = { _ in }) -> RGBImage? {
        data.withUnsafeBufferPointer { decode($0, parallel: parallel, parallelFrom: parallelFrom, report: report) }
            .map(RGBImage.init)
    }
}
