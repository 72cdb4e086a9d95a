import Foundation

/// Reads back the payloads of the escape sequences the encoders write, for checking them.
enum TerminalPayload {
    /// The kitty graphics commands in `bytes` (`ESC _ G keys[;payload] ESC \`), in order; nil when
    /// anything other than such commands is there.
    static func kittyCommands(_ bytes: [UInt8]) -> [(keys: String, payload: [UInt8])]? {
        var commands: [(keys: String, payload: [UInt8])] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard rest.starts(with: [0x1B, 0x5F, UInt8(ascii: "G")]),
                  let end = rest.indices.first(where: { rest[$0] == 0x1B && $0 > rest.startIndex }),
                  rest[(end + 1)...].first == 0x5C else { return nil }
            let body = rest[(rest.startIndex + 3)..<end]
            let semicolon = body.firstIndex(of: UInt8(ascii: ";")) ?? body.endIndex
            commands.append((String(decoding: body[..<semicolon], as: UTF8.self), Array(body[semicolon...].dropFirst())))
            rest = rest[(end + 2)...]
        }
        return commands
    }

    /// The base64 text decoded, nil when it is not base64.
    static func base64Decoded(_ text: [UInt8]) -> [UInt8]? {
        Data(base64Encoded: Data(text)).map { [UInt8]($0) }
    }
}
