/// Admission control for transfers: at most `limit` running per host, the rest waiting in
/// first-come, first-served order. Pure bookkeeping; the curl thread owns the only instance.
struct HostScheduler<Item: AnyObject> {
    let limit: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [Item]] = [:]

    init(limit: Int) {
        precondition(limit >= 1, "a host needs at least one slot")
        self.limit = limit
    }

    /// Takes a slot for `item` and returns true when `host` has one free; otherwise queues it.
    mutating func submit(_ item: Item, host: String) -> Bool {
        let count = running[host, default: 0]
        guard count < limit else {
            waiting[host, default: []].append(item)
            return false
        }
        running[host] = count + 1
        return true
    }

    /// Frees the slot of a transfer to `host` that ended. Returns the next waiting item, which now
    /// holds that slot (and must in turn call `finish` when it ends, even if it never runs).
    mutating func finish(host: String) -> Item? {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            return next
        }
        let count = running[host, default: 0] - 1
        running[host] = count > 0 ? count : nil
        return nil
    }

    /// Drops `item` from the queue of `host`. Returns false when it was not waiting.
    mutating func withdraw(_ item: Item, host: String) -> Bool {
        guard var queue = waiting[host], let index = queue.firstIndex(where: { $0 === item }) else { return false }
        queue.remove(at: index)
        waiting[host] = queue.isEmpty ? nil : queue
        return true
    }

    /// Empties every queue, returning what waited.
    mutating func removeAllWaiting() -> [Item] {
        defer { waiting = [:] }
        return waiting.values.flatMap { $0 }
    }

    func runningCount(host: String) -> Int { running[host, default: 0] }

    func waitingCount(host: String) -> Int { waiting[host]?.count ?? 0 }
}
