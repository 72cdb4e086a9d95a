@testable import DemoCatalog
import Testing

@Suite struct FaultPlanTests {
    private func plan(_ faults: DemoCatalogFaults, seed: UInt64 = 42, latency: Duration = .zero,
                      jitter: Duration = .zero) -> FaultPlan {
        FaultPlan(DemoCatalogConfiguration(seed: seed, latency: latency, jitter: jitter, faults: faults))
    }

    private let pageTargets = (1...1_000).map { "/photos?page=\($0)&per_page=30" }

    private func failures(_ plan: FaultPlan, attempt: Int) -> [InjectedFailure?] {
        pageTargets.enumerated().map { plan.failure(for: .page($0.offset + 1), target: $0.element, attempt: attempt) }
    }

    @Test func errorRateHitsThatShareOfFirstAttemptsAndRetriesGetThrough() {
        let faulty = plan(DemoCatalogFaults(pageErrorRate: 0.3))
        let first = failures(faulty, attempt: 1)
        let share = Double(first.compactMap { $0 }.count) / Double(first.count)
        #expect((0.25...0.35).contains(share), "\(share)")
        #expect(Set(first.compactMap { $0 }) == [.serverError(500), .serverError(503)])
        #expect(failures(faulty, attempt: 2).allSatisfy { $0 == nil })
        // Images and other requests follow their own rates.
        #expect(faulty.failure(for: .image(index: 3), target: pageTargets[0], attempt: 1) == nil)
        #expect(faulty.failure(for: .other, target: pageTargets[0], attempt: 1) == nil)
        let images = plan(DemoCatalogFaults(imageErrorRate: 1))
        #expect(images.failure(for: .image(index: 3), target: "/images/x?w=1", attempt: 1) != nil)
        #expect(images.failure(for: .page(1), target: pageTargets[0], attempt: 1) == nil)
    }

    @Test func decisionsArePureFunctionsOfSeedTargetAndAttempt() {
        let faults = DemoCatalogFaults(pageErrorRate: 0.5, faultyAttempts: 3)
        #expect(failures(plan(faults), attempt: 1) == failures(plan(faults), attempt: 1))
        #expect(failures(plan(faults), attempt: 1) != failures(plan(faults), attempt: 2))
        #expect(failures(plan(faults), attempt: 1) != failures(plan(faults, seed: 7), attempt: 1))
        #expect(failures(plan(faults), attempt: 4).allSatisfy { $0 == nil })
    }

    @Test func rateLimitsHitApiRequestsOnTheirFirstAttemptOnly() {
        let pages = plan(DemoCatalogFaults(rateLimit: .firstRequestPerPage, retryAfterSeconds: 7))
        #expect(failures(pages, attempt: 1).allSatisfy { $0 == .rateLimited(retryAfter: 7) })
        #expect(failures(pages, attempt: 2).allSatisfy { $0 == nil })
        #expect(pages.failure(for: .other, target: "/photos/abc", attempt: 1) == nil)
        #expect(pages.failure(for: .image(index: 0), target: "/images/abc", attempt: 1) == nil)

        let oneIn4 = plan(DemoCatalogFaults(rateLimit: .oneIn(4)))
        let limited = pageTargets.filter { oneIn4.failure(for: .other, target: $0, attempt: 1) != nil }
        #expect((200...300).contains(limited.count), "\(limited.count)")
        #expect(limited.allSatisfy { oneIn4.failure(for: .other, target: $0, attempt: 2) == nil })
        #expect(plan(DemoCatalogFaults(rateLimit: .oneIn(1))).failure(for: .other, target: "/x", attempt: 1) != nil)
    }

    @Test func imageDamageIsByPhotoAndInTheRequestedShares() {
        let faulty = plan(DemoCatalogFaults(truncatedImageRate: 0.1, corruptImageRate: 0.2))
        let damage = (0..<2_000).map(faulty.damage(ofImage:))
        let truncated = damage.filter { $0 == .truncated }.count, corrupt = damage.filter { $0 == .corrupt }.count
        #expect((150...250).contains(truncated), "\(truncated)")
        #expect((320...480).contains(corrupt), "\(corrupt)")
        #expect(damage == (0..<2_000).map(faulty.damage(ofImage:)))
        #expect((0..<100).allSatisfy { plan(.none).damage(ofImage: $0) == nil })
    }

    @Test func damagedJPEGsKeepTheSignatureButLoseThePicture() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 96)
        #expect(ImageDamage.truncated.apply(to: jpeg, seed: 1) == Array(jpeg.prefix(50)))
        let corrupt = ImageDamage.corrupt.apply(to: jpeg, seed: 1)
        #expect(corrupt.count == jpeg.count && corrupt.prefix(3) == [0xFF, 0xD8, 0xFF])
        #expect(corrupt.dropFirst(3).allSatisfy { $0 != 0xFF })
        #expect(corrupt != jpeg)
    }

    @Test func jitterAddsADifferentDelayToEachRequestWithinItsBound() {
        let jittery = plan(.none, latency: .milliseconds(100), jitter: .milliseconds(50))
        let delays = pageTargets.prefix(200).map { jittery.delay(target: $0, attempt: 1) }
        #expect(delays.allSatisfy { $0 >= .milliseconds(100) && $0 <= .milliseconds(150) })
        #expect(Set(delays).count > 150)
        #expect(plan(.none, latency: .milliseconds(100)).delay(target: "/x", attempt: 1) == .milliseconds(100))
    }

    @Test func onlyTheChosenPagesAreMalformedAndSomePhotosDrip() {
        let faulty = plan(DemoCatalogFaults(malformedPages: [3], slowDrip: .seconds(1), slowDripRate: 0.5))
        #expect(faulty.isMalformed(.page(3)))
        #expect(!faulty.isMalformed(.page(2)) && !faulty.isMalformed(.other) && !faulty.isMalformed(.image(index: 3)))
        let dripping = (0..<1_000).filter(faulty.drips(image:)).count
        #expect((400...600).contains(dripping), "\(dripping)")
        #expect(!(0..<100).contains(where: plan(.none).drips(image:)))
    }
}
