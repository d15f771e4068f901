/// Tasks suspended until something happens — a test clock's sleepers until their deadlines, the
/// test steps waiting on a test scheduler until its next event — each with what resumes it.
///
/// A pure value, kept behind its owner's lock: it hands waiters over, oldest first, and the owner
/// resumes them outside the lock.
///
/// Each wait has an id, drawn before its task suspends, for the task's cancellation handler. The
/// handler runs at once if the task is cancelled already, so it may run before the waiter is
/// registered, or after the waiter has been handed over. So
/// ``remove(_:becauseOfCancellation:)`` removes the waiter if it is registered; if it is not yet,
/// it remembers the cancellation, and ``register(_:isDue:_:)`` then ends the wait at once.
struct WaiterList<Waiter> {
    /// The registered waiters, oldest first.
    private var waiting: [(id: Int, waiter: Waiter)] = []
    private var nextID = 0
    /// The waits whose id is drawn and whose waiter is not registered yet: `true` once cancelled.
    private var unregistered: [Int: Bool] = [:]

    /// The number of registered waiters.
    var count: Int { waiting.count }

    /// Draws the id of a wait about to begin; its task then registers once.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        unregistered[nextID] = false
        return nextID
    }

    /// How a wait begins.
    enum Registration: Equatable {
        /// The wait was cancelled before its task came to wait: resume the task at once, as
        /// cancelled.
        case cancelled
        /// What the task waits for has happened: resume it at once.
        case due
        /// The waiter is registered: the task suspends until it is handed over.
        case waiting
    }

    /// The task of wait `id` comes to wait: unless the wait was cancelled or `isDue`, `waiter`
    /// is registered, behind those registered before it.
    mutating func register(_ id: Int, isDue: Bool, _ waiter: Waiter) -> Registration {
        guard let cancelled = unregistered.removeValue(forKey: id) else {
            preconditionFailure("WaiterList: wait \(id) was not drawn, or registered twice")
        }
        if cancelled { return .cancelled }
        if isDue { return .due }
        waiting.append((id, waiter))
        return .waiting
    }

    /// Changes the registered waiter of wait `id`.
    ///
    /// - Returns: `false` when wait `id` has no registered waiter (it has been handed over).
    mutating func update(_ id: Int, _ body: (inout Waiter) -> Void) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return false }
        body(&waiting[index].waiter)
        return true
    }

    /// Ends wait `id` before what it waits for: its bound passed, or its task was cancelled.
    ///
    /// - Returns: The waiter, removed, for the caller to resume; `nil` when it has been handed
    ///   over already, or is not registered yet — then a cancellation is remembered, and the
    ///   wait ends as it registers.
    mutating func remove(_ id: Int, becauseOfCancellation: Bool) -> Waiter? {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else {
            if becauseOfCancellation, unregistered[id] != nil { unregistered[id] = true }
            return nil
        }
        return waiting.remove(at: index).waiter
    }

    /// Hands over the registered waiters that `isDue` selects, oldest first.
    mutating func removeAll(where isDue: (Waiter) -> Bool) -> [Waiter] {
        var due: [Waiter] = []
        var kept: [(id: Int, waiter: Waiter)] = []
        for entry in waiting {
            if isDue(entry.waiter) { due.append(entry.waiter) } else { kept.append(entry) }
        }
        waiting = kept
        return due
    }

    /// Hands over every registered waiter, oldest first.
    mutating func removeAll() -> [Waiter] {
        if waiting.isEmpty { return [] }
        defer { waiting.removeAll() }
        return waiting.map(\.waiter)
    }
}

extension WaiterList: Sequence {
    /// The registered waiters, oldest first.
    func makeIterator() -> some IteratorProtocol<Waiter> {
        waiting.lazy.map(\.waiter).makeIterator()
    }
}

extension WaiterList: Sendable where Waiter: Sendable {}
