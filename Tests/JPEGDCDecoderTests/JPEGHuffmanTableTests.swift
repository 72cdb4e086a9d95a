import Testing
@testable import Imaging
@testable import JPEGDCDecoder
import Foundation

/// A small AC table worked out by hand: codes 00 -> 0x01 (a value of 1 bit), 01 -> 0x00 (end of
/// block), 100 -> 0xF0 (16 zeros), 1010 -> 0x23 (2 zeros, then a value of 3 bits); 1011 and 11
/// start no code.
@Suite struct JPEGHuffmanTableTests {
    let table = JPEGHuffmanTable(counts: [0, 2, 1, 1] + [UInt8](repeating: 0, count: 12),
                                 symbols: [0x01, 0x00, 0xF0, 0x23])!

    /// `bits` (a string of 0 and 1, at most 12) as an index into `acRuns`.
    func runs(_ bits: String) -> UInt16 {
        table.acRuns[Int(bits.padding(toLength: 12, withPad: "0", startingAt: 0), radix: 2)!]
    }

    @Test func singleCodesAreLookedUpByTheirLeadingBits() {
        #expect(table.lookup[0b00_0000_0000] == 2 << 8 | 0x01)
        #expect(table.lookup[0b01_1111_1111] == 2 << 8 | 0x00)
        #expect(table.lookup[0b100_0000000] == 3 << 8 | 0xF0)
        #expect(table.lookup[0b1010_000000] == 4 << 8 | 0x23)
        #expect(table.lookup[0b1011_000000] == 0)
        #expect(table.decodeLong(UInt64(0b1011) << 60) == nil)
    }

    @Test func chainsStepOverCodesWithTheirValueBits() {
        // 0x01 and its value bit (3 bits, 1 coefficient), then end of block (2 bits).
        #expect(runs("00" + "1" + "01") == 5 << 8 | 0x80 | 1)
        // 0x23 and 3 value bits (7 bits, 3 coefficients), twice: the second code lies inside
        // the 12 bits, its value bits beyond them.
        #expect(runs("1010" + "000" + "1010" + "0") == 14 << 8 | 6)
        // Four ZRLs reach the 64th coefficient exactly: a fifth would not be chained.
        #expect(runs("100100100100") == 12 << 8 | 64)
        // End of block at once: 2 bits, nothing advanced.
        #expect(runs("01") == 2 << 8 | 0x80)
        // No code: the caller falls back to decoding one code, which fails.
        #expect(runs("1011") == 0)
    }

    /// A DC table: 00 -> size 0, 01 -> size 2, 100 -> size 12 (no DC size).
    let dc = JPEGHuffmanTable(counts: [0, 2, 1] + [UInt8](repeating: 0, count: 13), symbols: [0x00, 0x02, 0x0C])!

    /// `bits` (a string of 0 and 1, at most 12) as an index into the block starts of `dc` and `ac`.
    func blockStart(_ bits: String, ac: JPEGHuffmanTable? = nil) -> UInt32 {
        JPEGHuffmanTable.blockStarts(dc: dc, ac: ac ?? table)[Int(bits.padding(toLength: 12, withPad: "0", startingAt: 0), radix: 2)!]
    }

    @Test func aBlockStartIsItsDCCodeValueAndTheACCodesThatFit() {
        let dcOfSize2 = UInt32(2 << 16 | 2 << 20)
        // DC of size 0, then end of block: the whole block in 4 bits.
        #expect(blockStart("00" + "01") == 2 << 16 | 4 << 8 | 0x80)
        // DC of size 2 with its value, 0x01 with its value bit, end of block.
        #expect(blockStart("01" + "11" + "00" + "1" + "01") == dcOfSize2 | 9 << 8 | 0x80 | 1)
        // Two 0x23 codes: the second lies past the 12 bits, so the block goes on from bit 9.
        #expect(blockStart("00" + "1010" + "000" + "1010") == 2 << 16 | 9 << 8 | 3)
        // A DC size above 11 is no DC: left to the single-code path, which fails it.
        #expect(blockStart("100") == 0)
        // No AC code after the DC: the block goes on from the DC's end.
        #expect(blockStart("01" + "00" + "1011") == dcOfSize2 | 4 << 8)
    }

    @Test func aBlockStartEndsABlockAtItsLastCoefficient() {
        // 0 -> ZRL, 10 -> 14 zeros then a 1-bit value, 110 -> end of block.
        let ac = JPEGHuffmanTable(counts: [1, 1, 1] + [UInt8](repeating: 0, count: 13), symbols: [0xF0, 0xE1, 0x00])!
        // Three ZRLs and 0xE1 reach the 63rd coefficient: the block ends with no end-of-block code.
        #expect(blockStart("00" + "000" + "10" + "1", ac: ac) == 2 << 16 | 8 << 8 | 0x80 | 63)
        // Four ZRLs would pass it: the fourth is not taken.
        #expect(blockStart("00" + "0000", ac: ac) == 2 << 16 | 5 << 8 | 48)
    }

    @Test func anACStepIsItsCodeAndValueBits() {
        #expect(JPEGHuffmanTable.acStep(length: 4, symbol: 0x23) == (7, 3))
        #expect(JPEGHuffmanTable.acStep(length: 3, symbol: 0xF0) == (3, 16))
        #expect(JPEGHuffmanTable.acStep(length: 2, symbol: 0x00) == (2, 64))
    }

    @Test func countsThatOverfillALengthAreRefused() {
        #expect(JPEGHuffmanTable(counts: [3] + [UInt8](repeating: 0, count: 15), symbols: [1, 2, 3]) == nil)
        #expect(JPEGHuffmanTable(counts: [1] + [UInt8](repeating: 0, count: 15), symbols: []) == nil)
    }
}
