/// The control bytes that frame terminal graphics sequences.
enum TerminalEscape {
    static let bell: UInt8 = 0x07
    /// String Terminator, 7-bit form: `ESC \`.
    static let stringTerminator: [UInt8] = [0x1B, 0x5C]
    /// Application Program Command introducer, 7-bit form: `ESC _`.
    static let applicationCommand: [UInt8] = [0x1B, 0x5F]
    /// Operating System Command introducer, 7-bit form: `ESC ]`.
    static let operatingSystemCommand: [UInt8] = [0x1B, 0x5D]
}
