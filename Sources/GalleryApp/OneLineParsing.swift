import ArgumentParser
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
            let message = self.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let trimmed = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            let name = configuration.commandName ?? "gallery"
            FileOutput.standardError.write("gallery: \(trimmed) (see '\(name) --help')\n")
            Self.exit(withError: ExitCode(code.rawValue))
        }
    }
}
