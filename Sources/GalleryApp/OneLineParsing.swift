import ArgumentParser
import Foundation
import InlineViewer

extension ParsableCommand {
    /// Parses `arguments`. Help and version print and exit 0; any usage error prints one line on
    /// stderr and exits 64, before the terminal is touched.
    static func parseOrExitWithOneLine(_ arguments: [String]) -> Self {
        do {
            return try parse(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = Self.oneLine(self.message(for: error))
            let trimmed = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            let name = configuration.commandName ?? "gallery"
            FileOutput.standardError.report("\(trimmed) (see '\(name) --help')")
            Self.exit(withError: ExitCode(code.rawValue))
        }
    }

    /// The parser's message on one line: its first line, with the allowed values it lists on the
    /// lines below (`- sixel`) joined after it, so "Please provide one of the following:" is not
    /// left without its list.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.first else { return "invalid arguments" }
        let values = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        return values.isEmpty ? first : first + " " + values.joined(separator: ", ")
    }
}
