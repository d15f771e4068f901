/// The running asynchronous effects of one store, by cancellation id.
///
/// Owned by the store alone (tasks hold it weakly), so when the store goes away the registry's
/// `deinit` cancels everything still running.
@usableFromInline
internal final class EffectRegistry: Sendable {
    /// One running task and what it was registered under.
    @usableFromInline
    internal struct Entry: Sendable {
        /// The ids of every `.cancellable` around the effect, outermost first.
        let ids: [EffectID]
        let task: Task<Void, Never>
        let description: String
        /// Cancelled but not yet returned: the entry stays until the task's work returns, so
        /// work that ignores cancellation is still reported as running.
        var isCancelled = false

        @usableFromInline
        init(ids: [EffectID], task: Task<Void, Never>, description: String) {
            self.ids = ids
            self.task = task
            self.description = description
        }
    }

    private struct Table: Sendable {
        var nextToken = 0
        var running: [Int: Entry] = [:]
        /// Tokens whose task finished before it was registered.
        var finishedEarly: Set<Int> = []
        /// The executor new tasks prefer; `nil` for the global concurrent executor.
        var taskExecutor: (any TaskExecutor)?
    }

    private let table = LockedValue(Table())

    @usableFromInline
    internal init() {}

    deinit {
        cancelAll()
    }

    /// Reserves a token for a task about to start.
    @usableFromInline
    internal func reserve() -> Int {
        table.withLock { table in
            defer { table.nextToken += 1 }
            return table.nextToken
        }
    }

    /// Registers a started task, unless it has already finished.
    @usableFromInline
    internal func register(_ token: Int, _ entry: Entry) {
        table.withLock { table in
            if table.finishedEarly.remove(token) == nil {
                table.running[token] = entry
            }
        }
    }

    /// Called by a task when its work returns.
    @usableFromInline
    internal func finish(_ token: Int) {
        table.withLock { table in
            if table.running.removeValue(forKey: token) == nil {
                table.finishedEarly.insert(token)
            }
        }
    }

    /// Cancels every task registered under `id`. Their entries stay until their work returns.
    @usableFromInline
    internal func cancel(id: EffectID) {
        let tasks = table.withLock { table in
            var tasks: [Task<Void, Never>] = []
            for (token, entry) in table.running where !entry.isCancelled && entry.ids.contains(id) {
                table.running[token]?.isCancelled = true
                tasks.append(entry.task)
            }
            return tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Cancels every task.
    @usableFromInline
    internal func cancelAll() {
        let tasks = table.withLock { table in
            defer { table.running.removeAll() }
            return table.running.values.map(\.task)
        }
        for task in tasks { task.cancel() }
    }

    /// The executor that tasks started from now on prefer; `nil`, the default, leaves them on
    /// the global concurrent executor. Set through `Store._preferEffectExecutor(_:)` by
    /// AqueductTesting, which runs effects on an executor it can watch for idleness.
    @usableFromInline
    internal var taskExecutor: (any TaskExecutor)? {
        get { table.withLock { $0.taskExecutor } }
        set { table.withLock { $0.taskExecutor = newValue } }
    }

    /// What is still running, oldest first, cancelled or not.
    internal var running: [Entry] {
        table.withLock { table in
            table.running.sorted { $0.key < $1.key }.map(\.value)
        }
    }
}
