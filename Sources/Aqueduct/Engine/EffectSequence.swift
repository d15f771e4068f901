/// A concatenation being run: its parts, and the task that runs them one after the other.
///
/// The concatenation is one registered effect, registered before its first part runs. The
/// engine runs the parts up to the first one that starts asynchronous work itself, on the
/// main actor, in the `dispatch` that interprets the concatenation; the rest runs in the
/// concatenation's task. Every part runs as a part of it (``EffectRegistryStateMachine``):
/// cancelling an id around the concatenation cancels that task, the parts running and what
/// they sent, and so stops the rest. The task (``run(_:awaiting:from:)``) does, in order:
///
/// - a part that is a `.run`: runs its work itself, in the concatenation's task;
/// - any other part: hops to the main actor, processes the inbox — what the parts before it
///   sent is there, whoever else drains it and whenever (a store's scheduled drain, a test
///   store's settling) — and lets the engine run the part
///   (``Engine/runPart(_:cause:ids:)``); then awaits the tasks it started, forwarding
///   the cancellation of the concatenation to them.
///
/// Each step first checks that the concatenation's task was not cancelled: the check on the
/// main actor cannot race with a `.cancel(id:)`, which runs there too, so a cancelled
/// concatenation starts nothing more and sends nothing more.
///
/// Main-actor isolated: it holds the parts, which are main-actor values. Its task reaches it
/// through the main actor only, and holds the engine weakly, as effects hold only its storage.
@MainActor
@usableFromInline
internal final class EffectSequence<Action: Sendable, State> {
    private let parts: [Effect<Action>]
    /// The work of each part that is a `.run`, which the concatenation's task runs itself;
    /// `nil` for the other parts, which the engine runs on the main actor.
    private nonisolated let operations: [(@Sendable (Send<Action>) async -> Void)?]
    private let cause: Engine<Action, State>.EffectCause
    private let ids: [EffectID]
    /// The concatenation's token in the registry, which its parts name as their parent.
    private let token: Int
    private weak var runtime: Engine<Action, State>?

    internal init(
        _ parts: [Effect<Action>],
        runtime: Engine<Action, State>,
        cause: Engine<Action, State>.EffectCause,
        ids: [EffectID],
        token: Int
    ) {
        self.parts = parts
        self.operations = parts.map { part in
            if case .run(_, let operation) = part.operation { return operation }
            return nil
        }
        self.runtime = runtime
        self.cause = cause
        self.ids = ids
        self.token = token
    }

    /// Runs the parts from `index` on the main actor until one is a `.run` (left to the task)
    /// or starts asynchronous work.
    ///
    /// - Parameter index: The first part to run.
    /// - Returns: The tasks to await before the next part, and the index of that part
    ///   (`parts.count` when none is left).
    internal func runParts(from index: Int) -> (awaited: [Task<Void, Never>], next: Int) {
        guard let runtime else { return ([], parts.count) }
        var index = index
        while index < parts.count, operations[index] == nil {
            let started = runtime.runPart(parts[index], cause: cause, ids: ids, of: token)
            index += 1
            if !started.isEmpty { return (started, index) }
        }
        return ([], index)
    }

    /// The task's hop to the main actor before the part at `index`: nothing when the
    /// concatenation was cancelled; otherwise processes what arrived in the inbox, then runs
    /// the parts from `index` (see ``runParts(from:)``).
    private func resume(from index: Int) -> (awaited: [Task<Void, Never>], next: Int) {
        guard !Task.isCancelled, let runtime else { return ([], parts.count) }
        runtime.drainInbox()
        return runParts(from: index)
    }

    /// The concatenation's task: awaits `awaited`, then runs the parts from `index` in order,
    /// until the last has finished or the task is cancelled.
    ///
    /// - Parameters:
    ///   - send: The effect's send, for the `.run` parts.
    ///   - awaited: The tasks of the part the engine started before this task.
    ///   - index: The next part.
    internal nonisolated func run(_ send: Send<Action>, awaiting awaited: [Task<Void, Never>], from index: Int) async {
        var (awaited, index) = (awaited, index)
        while true {
            await Self.awaitAll(awaited)
            while index < operations.count, let operation = operations[index] {
                if Task.isCancelled { return }
                await operation(send)
                index += 1
            }
            if index == operations.count || Task.isCancelled { return }
            (awaited, index) = await resume(from: index)
        }
    }

    /// Waits for `tasks` to return, cancelling them if the waiting task is cancelled.
    private nonisolated static func awaitAll(_ tasks: [Task<Void, Never>]) async {
        if tasks.isEmpty { return }
        await withTaskCancellationHandler {
            for task in tasks { await task.value }
        } onCancel: {
            for task in tasks { task.cancel() }
        }
    }
}
