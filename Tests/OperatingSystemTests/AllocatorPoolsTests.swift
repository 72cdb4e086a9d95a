import Glibc
import OperatingSystem
import Testing

@Suite struct AllocatorPoolsTests {
    /// The sanitizers' allocators stand in for glibc's, which alone has arenas (`make sanitize`
    /// sets their options).
    static let allocatorIsGlibcs = getenv("ASAN_OPTIONS") == nil && getenv("TSAN_OPTIONS") == nil

    /// glibc's allocator takes the limit unless the environment sets one (`MALLOC_ARENA_MAX`),
    /// which then stays the user's.
    @Test(.enabled(if: allocatorIsGlibcs, "a sanitizer's allocator has no arenas"))
    func theLimitIsSetUnlessTheEnvironmentSetsOne() {
        #expect(CurrentProcess.limitAllocatorPoolsToCores() == (getenv("MALLOC_ARENA_MAX") == nil))
    }
}
