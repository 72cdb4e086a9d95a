import OperatingSystem

/// A photo's XMP sidecar files beside it: which one holds its labels, reading them, and writing
/// them (atomically, every other field kept). The photo file itself is never written.
enum XMPSidecar {
    /// A sidecar larger than this is no sidecar of labels (darktable's, with a long history, are
    /// some 100 KB): it is neither read nor rewritten.
    static let maxBytes = 4 << 20

    /// The extension of sidecar files.
    static let fileExtension = "xmp"

    /// Why labels could not be written, as one sentence for the status bar.
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// The sidecars of `main` among `companions`, in the order they are read and written:
    /// `photo.xmp` (a manager's: digiKam, Lightroom), `photo.jpg.xmp` (darktable's), then those of
    /// its companions (`photo.cr2.xmp`, a RAW file's, darktable's).
    static func ranked(for main: FilePath, in companions: [Companion]) -> [FilePath] {
        let name = LocalFile.name(of: main).lowercased()
        let stem = CompanionPairing.split(name).stem
        func rank(_ path: FilePath) -> Int {
            switch CompanionPairing.split(LocalFile.name(of: path)).stem.lowercased() {
            case stem: 0
            case name: 1
            default: 2
            }
        }
        return companions.filter { $0.role == .sidecar }.map(\.path).enumerated()
            .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// The two names a sidecar of `main` has: `photo.xmp`, then `photo.jpg.xmp`.
    static func names(for main: FilePath) -> [FilePath] {
        let name = main.name.bytes
        let stem = name.lastIndex(of: UInt8(ascii: ".")).map { $0 == 0 ? name : Array(name[..<$0]) } ?? name
        let suffix = Array(".\(fileExtension)".utf8)
        return [stem + suffix, name + suffix].map { main.parent.appending(FilePath(bytes: $0)) }
    }

    /// The labels the first of `main`'s sidecars that says any holds; none without one.
    static func labels(of main: FilePath, companions: [Companion]) -> PhotoLabels {
        for path in ranked(for: main, in: companions) {
            guard let bytes = try? File.read(path, maxBytes: maxBytes), let packet = try? XMPPacket(bytes) else { continue }
            let labels = packet.labels
            if labels != .none { return labels }
        }
        return .none
    }

    /// Writes `labels` into the sidecar of `main` that is read first (one a manager wrote is
    /// kept and changed in place), else a new `photo.jpg.xmp`; answers the sidecar written.
    static func write(_ labels: PhotoLabels, for main: FilePath, companions: [Companion]) throws(WriteError) -> FilePath {
        let candidates = names(for: main)
        // Sidecars that came after the folder was listed count too: never written over unread.
        let onDisk = candidates.first { (try? FileStatus(path: $0)) != nil }
        let path = ranked(for: main, in: companions).first ?? onDisk ?? candidates[1]
        let shown = LocalFile.name(of: path)
        var existing: [UInt8]?
        var permissions: UInt32 = 0o644
        do {
            let status = try FileStatus(path: path)
            guard status.kind == .regular else { throw WriteError(description: "\(shown) is not a file: no labels were written") }
            permissions = status.permissions & 0o777
            existing = try File.read(path, maxBytes: maxBytes)
        } catch let error as WriteError {
            throw error
        } catch let error as SystemError where error.isNotFound {
            existing = nil
        } catch let error as SystemError {
            throw WriteError(description: "cannot read \(shown): \(error.reason): no labels were written")
        } catch {
            throw WriteError(description: "cannot read \(shown): no labels were written")
        }
        var packet: XMPPacket
        do {
            packet = try XMPPacket(existing)
        } catch {
            throw WriteError(description: "\(shown) is not an XMP sidecar gallery can change: no labels were written")
        }
        packet.set(labels)
        do {
            try File.writeAtomically(packet.bytes, to: path, permissions: permissions)
        } catch {
            throw WriteError(description: "cannot write \(shown): \(error.reason)")
        }
        return path
    }
}
