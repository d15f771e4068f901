/// Where an engine runs its effects, and when it processes what they send: the engine's
/// scheduler seam.
///
/// A ``Store`` has none: its effects run in tasks on the global concurrent executor, and the
/// first action into its empty inbox schedules one main-actor job that drains it. A test
/// scheduler (`AqueductTesting`'s `TestScheduler`, which `TestStore`, `MiddlewareTester` and a
/// `Store` made with `scheduler:` use) runs every effect task on an executor of its own and
/// drains its engines' inboxes only when the test says so — the way swift-nio's
/// `NIOAsyncTestingEventLoop` owns every job of the code it drives.
///
/// The engine asks two things of it: to start an effect's task, and to take charge of a
/// engine's drains.
@usableFromInline
package protocol EngineScheduler: AnyObject, Sendable {
    /// Starts the task that runs an effect's work (a `.run`, a concatenation).
    ///
    /// - Parameters:
    ///   - priority: The effect's priority.
    ///   - work: The work; it reports its own end to the engine.
    /// - Returns: The task.
    func startTask(priority: TaskPriority?, _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// Takes charge of draining `runtime`'s inbox, from now until the engine is released.
    ///
    /// - Parameter engine: The engine; held weakly.
    /// - Returns: What the engine's inbox calls, from any thread, when the first action
    ///   enters it empty: the scheduler then calls ``DrainingEngine/drainInbox()`` on the main
    ///   actor when it decides to.
    @MainActor
    func attach(_ runtime: any DrainingEngine) -> @Sendable () -> Void
}

/// An engine whose inbox a ``EngineScheduler`` drains: ``Engine``.
@MainActor
@usableFromInline
package protocol DrainingEngine: AnyObject, Sendable {
    /// Processes the actions waiting in the inbox, in the order they arrived.
    func drainInbox()
}
