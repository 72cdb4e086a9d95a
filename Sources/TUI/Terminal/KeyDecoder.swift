import CNcurses

/// Turns what `get_wch` returns into `Key`s.
enum KeyDecoder {
    /// A character `get_wch` returned as such (not a key code).
    static func key(forCharacter value: UInt32) -> Key {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0...31, 0x80...0x9F: return .unknown(Int(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int(value)) }
            return .character(Character(scalar))
        }
    }

    /// A curses key code (`get_wch` returned KEY_CODE_YES). Mouse and resize are handled by the
    /// caller, which has the state they need.
    static func key(forCode code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case cn_key_resize(): return .resize
        default: return .unknown(Int(code))
        }
    }
}
