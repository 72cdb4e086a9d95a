public import TerminalVocabulary

/// What a terminal answered to the capability probe, parsed strictly from raw input bytes.
///
/// Recognised: the kitty graphics reply (`ESC _ G i=…;OK ESC \`), `XTSMGRAPHICS` colour
/// registers (`CSI ? 1 ; 0 ; N S`), the cell size (`CSI 6 ; height ; width t`, the reply to
/// `CSI 16 t`), the terminal's name and version (`DCS > | text ST`, the reply to XTVERSION),
/// secondary device attributes (`CSI > Pp ; Pv ; Pc c`, DA2) and primary device attributes
/// (`CSI ? Ps ; … c`, the reply to DA1). Anything else (keys typed meanwhile, replies to other
/// questions, broken sequences) is skipped.
public struct CapabilityReplies: Equatable, Sendable {
    /// true for an OK reply to the kitty query, false for an error reply, nil without a reply.
    public var kittyGraphics: Bool?
    /// The sixel colour registers XTSMGRAPHICS reported.
    public var sixelColorRegisters: Int?
    /// The cell size in pixels `CSI 16 t` reported, when plausible.
    public var cellPixelSize: PixelSize?
    /// The DA1 attributes (4 = sixel graphics). Terminals answer in order and DA1 is asked last,
    /// so once this is here every other answer that will come has come.
    public var deviceAttributes: [Int]?
    /// The XTVERSION reply, such as `XTerm(379)`: printable ASCII only, at most 64 characters.
    public var terminalVersion: String?
    /// The DA2 reply: the terminal's kind (41 for xterm, 24 for mlterm, …), its version, a third value.
    public var secondaryAttributes: [Int]?

    public init() {}

    /// Parses everything in `bytes`.
    public init(parsing bytes: [UInt8]) {
        var scanner = EscapeScanner(bytes: bytes)
        while let sequence = scanner.next() {
            switch sequence {
            case .control(let prefix, let parameters, let final):
                record(prefix: prefix, parameters: parameters, final: final)
            case .applicationCommand(let body):
                recordKitty(body)
            case .deviceControl(let body):
                recordVersion(body)
            }
        }
    }

    /// DA1 arrived: the probe can stop waiting.
    public var isComplete: Bool { deviceAttributes != nil }

    /// Attribute 4 in the DA1 reply.
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    private mutating func record(prefix: UInt8?, parameters: [Int?], final: UInt8) {
        switch (prefix, final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            deviceAttributes = parameters.compactMap { $0 }
        case (UInt8(ascii: ">"), UInt8(ascii: "c")):
            secondaryAttributes = parameters.map { $0 ?? 0 }
        case (UInt8(ascii: "?"), UInt8(ascii: "S")):
            // Item 1 (colour registers), status 0 (success), value.
            if parameters.count >= 3, parameters[0] == 1, parameters[1] == 0, let registers = parameters[2], registers > 0 {
                sixelColorRegisters = registers
            }
        case (nil, UInt8(ascii: "t")):
            if parameters.count == 3, parameters[0] == 6, let height = parameters[1], let width = parameters[2] {
                let size = PixelSize(width: width, height: height)
                if size.isPlausibleCell { cellPixelSize = size }
            }
        default:
            break
        }
    }

    /// `>|<name and version>`; anything unprintable in it makes it no reply (it is never shown,
    /// only compared).
    private mutating func recordVersion(_ body: [UInt8]) {
        guard body.starts(with: Array(">|".utf8)) else { return }
        let text = body.dropFirst(2)
        guard !text.isEmpty, text.count <= 64, text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return }
        terminalVersion = String(decoding: text, as: UTF8.self)
    }

    /// `G<keys>;<message>`: OK means supported, anything else is an error reply.
    private mutating func recordKitty(_ body: [UInt8]) {
        guard body.first == UInt8(ascii: "G"), let semicolon = body.firstIndex(of: UInt8(ascii: ";")) else { return }
        kittyGraphics = Array(body[(semicolon + 1)...]) == Array("OK".utf8)
    }
}

/// Splits input bytes into the escape sequences a capability reply can be: CSI, APC and DCS.
struct EscapeScanner {
    enum Sequence: Equatable {
        /// `ESC [ [prefix] params final`; a parameter is nil when empty.
        case control(prefix: UInt8?, parameters: [Int?], final: UInt8)
        /// `ESC _ body ESC \`.
        case applicationCommand([UInt8])
        /// `ESC P body ESC \`.
        case deviceControl([UInt8])
    }

    private let bytes: [UInt8]
    private var index = 0
    private static let escape: UInt8 = 0x1B
    /// No reply is longer; a longer "sequence" is garbage.
    private static let maxLength = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Sequence? {
        while index < bytes.count {
            guard bytes[index] == Self.escape, index + 1 < bytes.count else {
                index += 1
                continue
            }
            let start = index
            index += 2
            switch bytes[start + 1] {
            case UInt8(ascii: "["):
                if let sequence = control() { return sequence }
            case UInt8(ascii: "_"):
                if let body = stringBody() { return .applicationCommand(body) }
            case UInt8(ascii: "P"):
                if let body = stringBody() { return .deviceControl(body) }
            default:
                index = start + 1
            }
        }
        return nil
    }

    /// After `ESC [`: private prefix, digits and semicolons, one final byte. Anything else ends it
    /// as garbage, scanning again from that byte (it may be the next ESC).
    private mutating func control() -> Sequence? {
        var prefix: UInt8?
        if index < bytes.count, (0x3C...0x3F).contains(bytes[index]) {
            prefix = bytes[index]
            index += 1
        }
        var parameters: [Int?] = []
        var current: Int?
        var length = 0
        while index < bytes.count, length < Self.maxLength {
            let byte = bytes[index]
            length += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                current = min((current ?? 0) * 10 + digit, 1 << 24)
                index += 1
            case UInt8(ascii: ";"):
                parameters.append(current)
                current = nil
                index += 1
            case 0x40...0x7E:
                index += 1
                parameters.append(current)
                return .control(prefix: prefix, parameters: parameters, final: byte)
            default:
                return nil
            }
        }
        return nil
    }

    /// After `ESC _` or `ESC P`: everything up to `ESC \`.
    private mutating func stringBody() -> [UInt8]? {
        let bodyStart = index
        while index + 1 < bytes.count, index - bodyStart < Self.maxLength {
            if bytes[index] == Self.escape {
                guard bytes[index + 1] == UInt8(ascii: "\\") else { return nil }
                let body = Array(bytes[bodyStart..<index])
                index += 2
                return body
            }
            index += 1
        }
        return nil
    }
}
