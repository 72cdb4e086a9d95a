import TUI

extension PhotoActions {
    /// `o` opens, `d` downloads, `y` copies the link of `photo`; returns false for any other key,
    /// which also clears the last message (the user moved on).
    func handle(_ key: Key, for photo: Photo?) -> Bool {
        switch key {
        case .character("o"): if let photo { open(photo) }
        case .character("d"): if let photo { download(photo) }
        case .character("y"): if let photo { copyLink(of: photo) }
        default:
            dismissMessage()
            return false
        }
        return true
    }
}
