import OperatingSystem

/// A photo's files copied or moved to another folder, all or none, never over another file.
enum FolderTransfer {
    /// One file's path before and after.
    typealias Step = (from: FilePath, to: FilePath)

    /// Where `paths` go in `folder`: the same names there.
    static func steps(_ paths: [FilePath], into folder: FilePath) -> [Step] {
        paths.map { ($0, folder.appending($0.name)) }
    }

    /// Moves each file (`File.moveWithoutReplacing`); when one cannot go, those moved come back.
    /// nil when all moved, else the file that did not and why.
    static func move(_ steps: [Step]) -> (file: FilePath, error: SystemError)? {
        run(steps, { from, to throws(SystemError) in try File.moveWithoutReplacing(from, to: to) }) { done in
            for step in done.reversed() { try? File.moveWithoutReplacing(step.to, to: step.from) }
        }
    }

    /// Copies each file (`File.copyWithoutReplacing`); when one cannot be, the copies made go.
    static func copy(_ steps: [Step]) -> (file: FilePath, error: SystemError)? {
        run(steps, { from, to throws(SystemError) in try File.copyWithoutReplacing(from, to: to) }) { done in
            for step in done { try? File.remove(step.to) }
        }
    }

    private static func run(_ steps: [Step], _ step: (FilePath, FilePath) throws(SystemError) -> Void,
                            undo: ([Step]) -> Void) -> (file: FilePath, error: SystemError)? {
        var done: [Step] = []
        for next in steps {
            do {
                try step(next.from, next.to)
                done.append(next)
            } catch {
                undo(done)
                return (next.from, error)
            }
        }
        return nil
    }
}
