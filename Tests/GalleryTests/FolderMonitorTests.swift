import TestSupport
import Foundation
import OperatingSystem
import Testing
@testable import Gallery

@MainActor
@Suite("Folder monitor")
struct FolderMonitorTests {
    /// A new folder watched with `timing`, and the batches it handed on.
    @MainActor private final class Watched {
        let folder: TemporaryDirectory
        var received: [FolderChangeBatch] = []
        private(set) var monitor: FolderMonitor!

        init(timing: FolderMonitor.Timing) throws {
            folder = try TemporaryDirectory()
            monitor = try FolderMonitor(folders: [FilePath(folder.path)], timing: timing) { [unowned self] in received.append($0) }
        }

        func remove() {
            monitor.stop()
            folder.remove()
        }
    }

    @Test func aBurstIsOneBatchAndAStreamOfChangesIsHandedOnAtLeastEveryLongest() async throws {
        let batches = try Watched(timing: .init(quiet: .milliseconds(150), longest: .milliseconds(400)))
        defer { batches.remove() }
        let folder = batches.folder

        for index in 0..<20 { try folder.write([UInt8(index)], to: "burst\(index).jpg") }
        await eventually { batches.received.count == 1 }
        try await Task.sleep(for: .milliseconds(300))
        #expect(batches.received.count == 1)
        #expect(batches.received[0].paths.count == 20)
        #expect(batches.received[0].completed == batches.received[0].paths, "each file was closed after writing")

        // A change every 50 ms for 1.2 s is never quiet for 150 ms: batches still go, each at most 400 ms after its first change.
        batches.received = []
        for index in 0..<24 {
            try folder.write([1], to: "stream\(index).jpg")
            try await Task.sleep(for: .milliseconds(50))
        }
        await eventually { batches.received.map(\.paths.count).reduce(0, +) == 24 }
        #expect((3...6).contains(batches.received.count), "\(batches.received.map(\.paths.count))")
    }

    @Test func aFileCreatedIsBeingWrittenUntilClosedButALinkIsNot() async throws {
        let batches = try Watched(timing: .init(quiet: .milliseconds(50)))
        defer { batches.remove() }
        let (folder, monitor) = (batches.folder, batches.monitor!)
        let arriving = try FileDescriptor.open(folder.path + "/big.jpg", .creatingNew(permissions: 0o644))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.jpg", withDestinationPath: "big.jpg")
        try FileManager.default.createDirectory(atPath: folder.path + "/new", withIntermediateDirectories: false)
        await eventually { batches.received.count == 1 }
        #expect(monitor.beingWritten == [FilePath(folder.path + "/big.jpg")])
        #expect(batches.received[0].newFolders == [FilePath(folder.path + "/new")])
        try arriving.close()
        await eventually { batches.received.count == 2 }
        #expect(monitor.beingWritten.isEmpty)
        #expect(batches.received[1].completed == [FilePath(folder.path + "/big.jpg")])
    }

    @Test func aFileNeverClosedIsTakenAsCompleteAfterAWhile() async throws {
        let batches = try Watched(timing: .init(quiet: .milliseconds(50), writingAtMost: .milliseconds(400)))
        defer { batches.remove() }
        let (folder, monitor) = (batches.folder, batches.monitor!)
        let kept = try FileDescriptor.open(folder.path + "/open.jpg", .creatingNew(permissions: 0o644))
        defer { try? kept.close() }
        await eventually { batches.received.count == 1 }
        #expect(monitor.beingWritten == [FilePath(folder.path + "/open.jpg")])
        await eventually { batches.received.count == 2 }
        #expect(monitor.beingWritten.isEmpty)
        #expect(batches.received[1].completed == [FilePath(folder.path + "/open.jpg")])
    }
}
