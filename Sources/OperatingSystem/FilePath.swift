import Glibc

/// A path as the system names a file: its bytes, which need not be UTF-8 (Linux names are any
/// bytes but `/` and NUL). A file's identity is these bytes: two names that read alike as text,
/// `c\xFF.jpg` and `c\u{FFFD}.jpg`, are two paths. Text made from a path is for showing only
/// (`description`), never for opening.
public struct FilePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The path spelled by `text` (its UTF-8 bytes): a name a user typed, or a literal.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The bytes of a C string up to its NUL (a `readdir` name, an `argv` entry).
    public init(cString: UnsafePointer<CChar>) {
        var count = 0
        while cString[count] != 0 { count += 1 }
        bytes = UnsafeRawBufferPointer(start: cString, count: count).map { $0 }
    }

    /// Hashed as one run of bytes, not a byte at a time: paths key the large dictionaries of a
    /// listing (the index of dates taken's 100,000 entries are looked up at every launch).
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Compared as one run of bytes too: `Array`'s `==` goes a byte at a time, and each look-up
    /// in those dictionaries compares a path.
    public static func == (a: FilePath, b: FilePath) -> Bool {
        a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { a in
            b.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// The path as text when its bytes are UTF-8, nil when they are not: text that could be
    /// decoded with U+FFFD would name another file.
    public var text: String? { String(validating: bytes, as: UTF8.self) }

    /// The path for showing, the one spelling of a name wherever it is drawn (a grid's title, the
    /// detail pane, a message): UTF-8 as it reads, every byte that is not UTF-8 as `\xFF`, a C0
    /// control or DEL as `\x1B` (so `a<ESC>[2Jb.jpg` shows as `a\x1B[2Jb.jpg` and never acts on
    /// the terminal), U+FFFD, C1 controls and the characters that hide or reorder text (bidi
    /// overrides, zero-width ones, the byte-order mark) as `\u{FFFD}`, `\u{009B}`, `\u{202E}`
    /// (not `\x9B`, which is the invalid byte), and a backslash as `\\`, so that no name shows as
    /// another does (a name may be spelled `c\xFF.jpg`). Also the path's key where text is needed
    /// (a grid item's id): it is one-to-one.
    public var description: String {
        // Most paths are printable ASCII, which shows as it is: made at once, not a scalar at a
        // time (the ids of a 100,000-photo listing are made at every launch).
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x5C }) { return String(decoding: bytes, as: UTF8.self) }
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                switch scalar.value {
                case 0x5C: shown += "\\\\"
                case 0x00...0x1F, 0x7F: shown += "\\x" + Self.hex(UInt8(scalar.value))
                case 0x80...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFFD:
                    shown += "\\u{" + Self.hex(UInt8(scalar.value >> 8)) + Self.hex(UInt8(scalar.value & 0xFF)) + "}"
                default: shown.unicodeScalars.append(scalar)
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { shown += "\\x" + Self.hex(byte) }
                offset += length
            case .emptyInput:
                return shown
            }
        }
    }

    /// The path whose `description` is `shown` (a grid item's id back to its file), nil when
    /// `shown` is no path's description: `\\`, `\xHH` and `\u{HHHH}` read back as the bytes and
    /// characters they stand for, and the path made must show as `shown` again, so each path has
    /// one spelling.
    public init?(shown: String) {
        if shown.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x5C }) {
            bytes = Array(shown.utf8)
            return
        }
        var made: [UInt8] = []
        var scalars = shown.unicodeScalars[...]
        func hexDigits(_ count: Int) -> UInt32? {
            guard scalars.count >= count, let value = UInt32(String(String.UnicodeScalarView(scalars.prefix(count))), radix: 16)
            else { return nil }
            scalars.removeFirst(count)
            return value
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                made += String(scalar).utf8
                continue
            }
            switch scalars.popFirst() {
            case "\\": made.append(0x5C)
            case "x":
                guard let byte = hexDigits(2) else { return nil }
                made.append(UInt8(byte))
            case "u":
                guard scalars.popFirst() == "{", let value = hexDigits(4), scalars.popFirst() == "}",
                      let escaped = Unicode.Scalar(value) else { return nil }
                made += String(escaped).utf8
            default: return nil
            }
        }
        bytes = made
        guard description == shown else { return nil }
    }

    public var isEmpty: Bool { bytes.isEmpty }
    /// Whether the last part starts with a dot: a hidden name, which listings leave out.
    public var isHidden: Bool { name.bytes.first == UInt8(ascii: ".") }
    public var isAbsolute: Bool { bytes.first == Self.slash }

    /// The last part of the path (`/a/b.jpg`: `b.jpg`, `/a/`: `a`); `/` for `/`.
    public var name: FilePath {
        let parts = bytes.split(separator: Self.slash)
        return parts.last.map { FilePath(bytes: $0) } ?? self
    }

    /// The folder holding the path (`/a/b.jpg`: `/a`; `/a`: `/`), for an absolute path without a
    /// trailing slash.
    public var parent: FilePath {
        guard let slash = bytes.lastIndex(of: Self.slash), slash != 0 else { return "/" }
        return FilePath(bytes: bytes[..<slash])
    }

    /// The path of `name` in this folder.
    public func appending(_ name: FilePath) -> FilePath {
        FilePath(bytes: (bytes.last == Self.slash ? bytes : bytes + [Self.slash]) + name.bytes)
    }

    /// The path of the name spelled by `text` (UTF-8) in this folder.
    public func appending(_ text: String) -> FilePath {
        appending(FilePath(text))
    }

    /// The path's bytes after `prefix`, when it starts with them.
    public func dropping(prefix: FilePath) -> FilePath? {
        guard bytes.starts(with: prefix.bytes) else { return nil }
        return FilePath(bytes: bytes.dropFirst(prefix.bytes.count))
    }

    /// `body` with the path as a NUL-terminated C string, for a system call.
    public func withCString<Result, Failure>(_ body: (UnsafePointer<CChar>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withCString(droppingFirst: 0, body)
    }

    /// `body` with the path's bytes after the first `count` as a NUL-terminated C string (a name
    /// in a folder held open, `OpenFolder`). Made on the stack where it fits, not on the heap: a
    /// library's listing passes 100,000 paths to system calls.
    func withCString<Result, Failure>(droppingFirst count: Int,
                                      _ body: (UnsafePointer<CChar>) throws(Failure) -> Result) throws(Failure) -> Result {
        let part = bytes[count...]
        let result: Swift.Result<Result, Failure> = withUnsafeTemporaryAllocation(of: CChar.self, capacity: part.count + 1) { buffer in
            // Bytes into a trivial type's memory: copied as they are, nothing to deinitialize.
            part.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
            buffer[part.count] = 0
            do throws(Failure) {
                return .success(try body(UnsafePointer(buffer.baseAddress!)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The path with every byte but letters, digits, `-_.!~*'()` (RFC 2396's unreserved
    /// characters) and those of `kept` written `%XX` (upper-case): a URI's path, whatever the
    /// bytes (a `file://` URI, a `.trashinfo` record's `Path=`).
    public func percentEncoded(keeping kept: String) -> String {
        let unescaped = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8).union(kept.utf8)
        var encoded = ""
        for byte in bytes {
            if unescaped.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + Self.hex(byte)
            }
        }
        return encoded
    }

    static let slash = UInt8(ascii: "/")

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

extension FilePath {
    /// The path a variable of `CurrentProcess.environment` names: this process's bytes of `name`
    /// for the token of a value that is not UTF-8, else the value's text.
    public init(variable value: String, of name: String) {
        if value == CurrentProcess.variableToken, let bytes = CurrentProcess.variableBytes(name) {
            self.init(bytes: bytes)
        } else {
            self.init(value)
        }
    }

    /// The path an argument of `CurrentProcess.arguments` names: the bytes given for a name that
    /// is not UTF-8 (its token), else the argument's text.
    public init(argument: String) {
        if argument.first == "\0", let index = Int(argument.dropFirst()), index < Int(CommandLine.argc),
           let given = CommandLine.unsafeArgv[index] {
            self.init(cString: given)
        } else {
            self.init(argument)
        }
    }
}
