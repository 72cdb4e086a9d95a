@testable import Net
import Testing

struct HostSchedulerTests {
    final class Job {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// Names of what `finish` hands over, called `times` times (`-` for nothing).
    func handOvers(_ scheduler: inout HostScheduler<Job>, host: String, times: Int) -> [String] {
        (0..<times).map { _ in scheduler.finish(host: host)?.name ?? "-" }
    }

    func submit(_ names: [String], to scheduler: inout HostScheduler<Job>, host: String) -> [Bool] {
        names.map { scheduler.submit(Job($0), host: host) }
    }

    @Test func admitsUpToTheLimitPerHostThenQueuesInOrder() {
        var scheduler = HostScheduler<Job>(limit: 2)
        let admitted = submit(["a0", "a1", "a2", "a3", "a4"], to: &scheduler, host: "a:80")
        #expect(admitted == [true, true, false, false, false])
        let otherHost = submit(["b"], to: &scheduler, host: "b:80")
        #expect(otherHost == [true], "another host has its own slots")
        #expect(scheduler.runningCount(host: "a:80") == 2)
        #expect(scheduler.waitingCount(host: "a:80") == 3)
        let first = handOvers(&scheduler, host: "a:80", times: 3)
        #expect(first == ["a2", "a3", "a4"])
        #expect(scheduler.runningCount(host: "a:80") == 2, "each handed-over slot stays taken")
        let rest = handOvers(&scheduler, host: "a:80", times: 2)
        #expect(rest == ["-", "-"])
        #expect(scheduler.runningCount(host: "a:80") == 0)
        let again = submit(["again"], to: &scheduler, host: "a:80")
        #expect(again == [true])
    }

    @Test func aWithdrawnItemNeverGetsASlot() {
        var scheduler = HostScheduler<Job>(limit: 1)
        let (running, cancelled, next) = (Job("running"), Job("cancelled"), Job("next"))
        let admitted = [running, cancelled, next].map { scheduler.submit($0, host: "h") }
        #expect(admitted == [true, false, false])
        let withdrawals = [scheduler.withdraw(cancelled, host: "h"), scheduler.withdraw(cancelled, host: "h")]
        #expect(withdrawals == [true, false])
        let handedOver = handOvers(&scheduler, host: "h", times: 1)
        #expect(handedOver == ["next"])
    }

    @Test func removeAllWaitingEmptiesTheQueues() {
        var scheduler = HostScheduler<Job>(limit: 1)
        _ = submit(["1", "2"], to: &scheduler, host: "h")
        _ = submit(["3", "4"], to: &scheduler, host: "g")
        let removed = Set(scheduler.removeAllWaiting().map(\.name))
        #expect(removed == ["2", "4"])
        #expect(scheduler.waitingCount(host: "h") == 0)
    }
}
