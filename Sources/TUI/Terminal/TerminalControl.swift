/// Escape sequences that bypass curses: they change nothing on the screen, so curses need not know.
extension Terminal {
    /// Writes `sequence` straight to the tty (e.g. OSC 52 to set the clipboard). Must not move the
    /// cursor or draw: curses' idea of the screen would go stale.
    public func sendControlSequence(_ sequence: [UInt8]) {
        TerminalOutput.write(sequence)
    }
}
