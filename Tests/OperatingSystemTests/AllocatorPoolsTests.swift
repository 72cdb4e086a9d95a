import Glibc
import OperatingSystem
import Testing

@Suite struct AllocatorPoolsTests {
    /// The allocator takes the limit unless the environment sets one (`MALLOC_ARENA_MAX`), which
    /// then stays the user's.
    @Test func theLimitIsSetUnlessTheEnvironmentSetsOne() {
        #expect(CurrentProcess.limitAllocatorPoolsToCores() == (getenv("MALLOC_ARENA_MAX") == nil))
    }
}
