import CCurl
import Foundation
import OperatingSystem

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

    /// What only the curl thread touches.
    private struct Transfers {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var scheduler: HostScheduler<CurlTransfer>
    }

    /// Used by the curl thread, except for `curl_multi_wakeup`, which is thread-safe.
    nonisolated(unsafe) private let multi: UnsafeMutableRawPointer
    private let inbox = Locked(Inbox())

    /// How long the thread sleeps when nothing happens; commands and libcurl's timers wake it sooner.
    private static let idlePollMilliseconds: Int32 = 1000

    /// Only once libcurl is loaded (`CurlLibrary.load`).
    /// - Parameters:
    ///   - maxTransfersPerHost: transfers running at once per host; the rest wait their turn.
    ///   - maxTotalConnections: libcurl's limit over all hosts; 0 for none.
    init(maxTransfersPerHost: Int, maxTotalConnections: Int) {
        guard let multi = curl_multi_init() else { preconditionFailure("curl_multi_init failed") }
        self.multi = multi
        // The multi handle owns the connection pool, so every transfer of this engine can reuse it.
        ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxTransfersPerHost)
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, maxTotalConnections)
        // The thread keeps the engine alive until `shutdown`.
        let thread = Thread { self.run(maxTransfersPerHost: maxTransfersPerHost) }
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

    private func run(maxTransfersPerHost: Int) {
        var transfers = Transfers(scheduler: HostScheduler(limit: maxTransfersPerHost))
        while true {
            let (commands, stopping) = inbox.withLock { inbox in
                defer { inbox.commands = [] }
                return (inbox.commands, inbox.stopping)
            }
            for command in commands {
                apply(command, to: &transfers)
            }
            if stopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            completeFinishedTransfers(in: &transfers)
            curl_multi_poll(multi, nil, 0, Self.idlePollMilliseconds, nil)
        }
        for transfer in transfers.active.values {
            curl_multi_remove_handle(multi, transfer.easy)
            transfer.completion.finish(.failure(CancellationError()))
        }
        for transfer in transfers.scheduler.removeAllWaiting() {
            transfer.completion.finish(.failure(CancellationError()))
        }
        curl_multi_cleanup(multi)
    }

    private func apply(_ command: Command, to transfers: inout Transfers) {
        switch command {
        case .add(let transfer):
            // Cancelled between being queued and now: never start it.
            guard !transfer.completion.isFinished else { return }
            if transfers.scheduler.submit(transfer, host: transfer.host), !start(transfer, in: &transfers) {
                releaseSlot(of: transfer.host, in: &transfers)
            }
        case .remove(let transfer):
            if transfers.active.removeValue(forKey: transfer.easy) != nil {
                curl_multi_remove_handle(multi, transfer.easy)
                releaseSlot(of: transfer.host, in: &transfers)
            } else {
                // Still waiting for a slot, or it completed at the same moment it was cancelled.
                _ = transfers.scheduler.withdraw(transfer, host: transfer.host)
            }
        }
    }

    /// Hands the slot of a transfer that ended to the next one waiting for the same host that still
    /// has someone waiting for its result.
    private func releaseSlot(of host: String, in transfers: inout Transfers) {
        while let next = transfers.scheduler.finish(host: host) {
            if start(next, in: &transfers) { return }
        }
    }

    /// Adds the transfer to the multi handle. False when it must not run (cancelled, or libcurl
    /// refused it, in which case it has failed); its slot is then still to be released.
    private func start(_ transfer: CurlTransfer, in transfers: inout Transfers) -> Bool {
        guard !transfer.completion.isFinished else { return false }
        let code = curl_multi_add_handle(multi, transfer.easy)
        guard code == CURLM_OK else {
            let message = String(cString: curl_multi_strerror(code))
            transfer.completion.finish(.failure(HTTPError.transport(code: Int(code.rawValue), message: message)))
            return false
        }
        transfers.active[transfer.easy] = transfer
        return true
    }

    private func completeFinishedTransfers(in transfers: inout Transfers) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read before removing the handle: that invalidates `message`.
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            guard let transfer = transfers.active.removeValue(forKey: easy) else { continue }
            transfer.completion.finish(transfer.result(of: code))
            releaseSlot(of: transfer.host, in: &transfers)
        }
    }
}
