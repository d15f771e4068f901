extension Effect {
    /// Runs effects one after the other: each starts when the one before has finished.
    ///
    /// An effect has finished when all its work has: a ``run(priority:operation:)`` when its
    /// work has returned, a `merge(_:)` when every part has, a debounced or throttled effect
    /// when the effect it let through has (at once when it let none through). ``send(_:)``,
    /// ``immediate(_:)`` and ``cancel(id:)`` finish at once.
    ///
    /// ```swift
    /// return .concatenate(
    ///     .run { send throws(CheckInError) in
    ///         send(.synced(try await syncCapability.sync()))
    ///     } catch: { error, send in
    ///         send(.failed(operation: operation, error: error))
    ///     },
    ///     loadPendingCount()
    /// )
    /// ```
    ///
    /// The leading synchronous effects run at once, like ``send(_:)`` outside a concatenation:
    /// their actions are processed in the same `dispatch` call. The rest runs in one task, and
    /// is one running effect for cancellation and for a test store: cancelling an id marked
    /// around the concatenation (``cancellable(id:cancelInFlight:)``) cancels the part that is
    /// running and stops the rest. Cancelling an id marked on one part only cancels that part;
    /// the next one then starts. The `.run` parts after the first asynchronous one run in the
    /// concatenation's task, with the priority of the first; the others start from the main
    /// actor when their turn comes, and their actions are processed then, after what the parts
    /// before them sent.
    ///
    /// `.none`s are dropped and nested concatenations flattened; concatenating nothing gives
    /// ``none``, a single effect is returned as it is.
    ///
    /// - Parameter effects: The effects, in the order they run.
    /// - Returns: The concatenated effect.
    public static func concatenate(_ effects: [Effect]) -> Effect {
        combining(
            effects,
            flattening: { if case .concatenate(let parts) = $0 { parts } else { nil } },
            into: Operation.concatenate
        )
    }

    /// Runs effects one after the other. See `concatenate(_:)`.
    ///
    /// - Parameter effects: The effects, in the order they run.
    /// - Returns: The concatenated effect.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }
}
