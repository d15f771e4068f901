import Foundation
import Testing

/// Runs each test of a suite on threads of its own, not on the cooperative pool's.
///
/// These tests block their thread: they wait for a child process (`waitpid`) and for
/// Chromium's replies on a pipe. On two cores the pool has two threads; two such tests running
/// at once would hold both, and every other test of the run — the main actor's among them,
/// whose effects resume on the pool — would stall until they ended, on a busy machine long
/// enough for those tests' time limits to run out.
struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// Runs each test on threads of its own (see ``OwnThreads``).
    static var ownThreads: Self { OwnThreads() }
}

/// A task executor that runs each job it is given on a new thread, which may block as long as
/// it likes without holding one of the cooperative pool's.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            Thread.current.threadDictionary[Self.marker] = true
            job.runSynchronously(on: executor)
        }
        .start()
    }

    /// Whether the calling thread is one this executor started. (Not its name: on Linux a new
    /// thread's name is the name of the thread that started it.)
    static var isCurrentThreadOwn: Bool {
        Thread.current.threadDictionary[marker] as? Bool == true
    }

    private static let marker = "ThreadPerJobExecutor"
}
