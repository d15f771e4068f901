import Foundation
import Testing

/// `.ownThreads` keeps the blocking bodies of the suites it marks off the cooperative pool.
@Suite(.ownThreads) struct OwnThreadsTests {
    /// A synchronous body, like those of the browser and process tests, runs on a thread the
    /// trait's executor started, not on one of the pool's, which it would hold while it blocks.
    @Test func aSynchronousBodyRunsOnAThreadOfItsOwn() {
        #expect(ThreadPerJobExecutor.isCurrentThreadOwn)
    }

    /// So does an asynchronous one, after each suspension.
    @Test func anAsynchronousBodyResumesOnAThreadOfItsOwn() async {
        await Task.yield()
        #expect(Self.isCurrentThreadOwn())
        try? await Task.sleep(for: .milliseconds(1))
        #expect(Self.isCurrentThreadOwn())
    }

    /// ``ThreadPerJobExecutor/isCurrentThreadOwn``, read from a synchronous function as
    /// `Thread.current` must be.
    static func isCurrentThreadOwn() -> Bool { ThreadPerJobExecutor.isCurrentThreadOwn }
}
