import Dispatch
import Synchronization

/// The executor a ``TestStore`` runs its store's asynchronous effects on: one serial queue
/// that counts the jobs it has not finished, so that the test store can tell when every effect
/// has run as far as it can — finished, or suspended on a ``TestClock``, a stream or a
/// continuation — with no job left to run.
///
/// There is one for the process. A task does not keep its preferred executor alive, and an
/// effect cancelled when its store goes away still runs a last job to unwind, so an executor
/// that could be freed with its test store would be a use-after-free. Sharing it only means
/// that one test's idleness check may wait for another test's effect job to finish a step.
final class EffectExecutor: TaskExecutor {
    static let shared = EffectExecutor()

    private let queue = DispatchQueue(label: "AqueductTesting.effects")
    private let unfinishedJobs = Atomic<Int>(0)

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        unfinishedJobs.add(1, ordering: .sequentiallyConsistent)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.unfinishedJobs.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// `true` when no job is queued or running.
    var isIdle: Bool {
        unfinishedJobs.load(ordering: .sequentiallyConsistent) == 0
    }
}
