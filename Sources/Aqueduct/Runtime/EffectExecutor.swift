import Dispatch

/// The executor a test runtime runs its asynchronous effects on: one serial queue that
/// reports each job's start and end to the runtime's storage, so that the test driver can tell
/// when every effect has run as far as it can — finished, or suspended on a `TestClock`, a
/// stream or a continuation — with no job left to run.
///
/// One per test runtime, so no test waits on another test's effects. A task does not keep
/// its preferred executor alive, and an effect cancelled when its store goes away still runs
/// a last job to unwind; so each effect task's closure holds the executor (see
/// ``StoreRuntime``), and every queued job holds it until the job has run.
///
/// Jobs of default actors that an effect calls run here too (they follow the task's
/// preferred executor). Unstructured tasks an effect starts with `Task {}` do not: they run
/// on the global executor, and the runtime does not wait for them.
@usableFromInline
internal final class EffectExecutor<Action: Sendable>: TaskExecutor {
    private let queue = DispatchQueue(label: "Aqueduct.TestEffects")
    private let storage: RuntimeStorage<Action>

    internal init(reportingTo storage: RuntimeStorage<Action>) {
        self.storage = storage
    }

    @usableFromInline
    internal func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        storage.jobEnqueued()
        queue.async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
            storage.jobFinished()
        }
    }
}
