import CCurl
import Foundation
import Synchronization

/// The one thread that owns a libcurl multi handle and drives every transfer on it.
///
/// Other threads never touch the multi handle: they queue a command and wake the thread with
/// `curl_multi_wakeup`, the one multi call libcurl allows from any thread.
final class CurlEngine: Sendable {
    private enum Command {
        case add(CurlTransfer)
        case remove(CurlTransfer)
    }

    private struct Inbox {
        var commands: [Command] = []
        var stopping = false
    }

    /// Used by the curl thread, except for `curl_multi_wakeup`, which is thread-safe.
    nonisolated(unsafe) private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())

    /// How long the thread sleeps when nothing happens; commands and libcurl's timers wake it sooner.
    private static let idlePollMilliseconds: Int32 = 1000

    init() {
        CurlGlobal.initializeOnce()
        guard let multi = curl_multi_init() else { preconditionFailure("curl_multi_init failed") }
        self.multi = multi
        // The thread keeps the engine alive until `shutdown`.
        let thread = Thread { self.run() }
        thread.name = "curl"
        thread.start()
    }

    /// Starts `transfer` on the curl thread.
    func add(_ transfer: CurlTransfer) {
        send(.add(transfer))
    }

    /// Aborts `transfer` on the curl thread: its handle leaves the multi handle and its connection closes.
    func remove(_ transfer: CurlTransfer) {
        send(.remove(transfer))
    }

    /// Ends the curl thread and frees the multi handle. Any transfer still running fails with
    /// `CancellationError`.
    func shutdown() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    private func send(_ command: Command) {
        inbox.withLock { $0.commands.append(command) }
        curl_multi_wakeup(multi)
    }

    // MARK: - Curl thread

    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (commands, stopping) = inbox.withLock { inbox in
                defer { inbox.commands = [] }
                return (inbox.commands, inbox.stopping)
            }
            for command in commands {
                apply(command, to: &active)
            }
            if stopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            completeFinishedTransfers(in: &active)
            curl_multi_poll(multi, nil, 0, Self.idlePollMilliseconds, nil)
        }
        for transfer in active.values {
            curl_multi_remove_handle(multi, transfer.easy)
            transfer.completion.finish(.failure(CancellationError()))
        }
        curl_multi_cleanup(multi)
    }

    private func apply(_ command: Command, to active: inout [UnsafeMutableRawPointer: CurlTransfer]) {
        switch command {
        case .add(let transfer):
            // Cancelled between being queued and now: never start it.
            guard !transfer.completion.isFinished else { return }
            let code = curl_multi_add_handle(multi, transfer.easy)
            guard code == CURLM_OK else {
                let message = String(cString: curl_multi_strerror(code))
                transfer.completion.finish(.failure(HTTPError.transport(code: Int(code.rawValue), message: message)))
                return
            }
            active[transfer.easy] = transfer
        case .remove(let transfer):
            // Absent when the transfer completed at the same moment it was cancelled.
            guard active.removeValue(forKey: transfer.easy) != nil else { return }
            curl_multi_remove_handle(multi, transfer.easy)
        }
    }

    private func completeFinishedTransfers(in active: inout [UnsafeMutableRawPointer: CurlTransfer]) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read before removing the handle: that invalidates `message`.
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            guard let transfer = active.removeValue(forKey: easy) else { continue }
            transfer.completion.finish(transfer.result(of: code))
        }
    }
}

/// `curl_global_init` must run once, before any other libcurl call.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func initializeOnce() {
        precondition(initialized, "curl_global_init failed")
    }
}
