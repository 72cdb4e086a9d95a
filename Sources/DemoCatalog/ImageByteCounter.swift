import OperatingSystem

/// Image body bytes the server has written to clients, in all and by photo id.
final class ImageByteCounter: Sendable {
    private struct Counts {
        var total = 0
        var byPhotoID: [String: Int] = [:]
    }

    private let counts = Locked(Counts())

    func add(_ count: Int, photoID: String) {
        counts.withLock {
            $0.total += count
            $0.byPhotoID[photoID, default: 0] += count
        }
    }

    var total: Int { counts.withLock { $0.total } }
    var byPhotoID: [String: Int] { counts.withLock { $0.byPhotoID } }
}
