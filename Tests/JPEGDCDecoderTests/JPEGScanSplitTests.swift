import Testing
@testable import Imaging
@testable import JPEGDCDecoder

@Suite struct JPEGScanSplitTests {
    @Test func evenDataSplitsWhereReadingAndWritingBalance() {
        // 16 equal slices of 1000 bytes and 100 blocks: each costs c = 1000 + 3.6 x 100. The first
        // thread's share f satisfies f c + 1.2 (1 - f) 100 = (1 - f) c, so f = (c - 120) / (2c - 120).
        let split = JPEGScanSplit(bytes: Array(repeating: 1000, count: 16), blocks: Array(repeating: 100, count: 16))
        let c = 1000 + JPEGScanSplit.blockCost * 100, w = JPEGScanSplit.writeCost * 100
        #expect(abs(split.balancedByte - Int(16_000 * (c - w) / (2 * c - w))) <= 1)
    }

    @Test func denseBlocksPullTheSplitTowardsThem() {
        // The first half of the data holds four times the blocks per byte of the second half: the
        // first thread gets fewer bytes than the second.
        let blocks = Array(repeating: 400.0, count: 8) + Array(repeating: 100.0, count: 8)
        let split = JPEGScanSplit(bytes: Array(repeating: 1000, count: 16), blocks: blocks)
        #expect(split.balancedByte < 6000)
        let even = JPEGScanSplit(bytes: Array(repeating: 1000, count: 16), blocks: Array(repeating: 250, count: 16))
        #expect(split.balancedByte < even.balancedByte - 1000)
    }
}
