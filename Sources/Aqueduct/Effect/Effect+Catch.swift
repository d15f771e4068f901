extension Effect {
    /// Runs asynchronous work that throws in a task off the main actor, and hands its error to
    /// `handler`, which can send actions too.
    ///
    /// The work and the handler run in the same task, as ``run(priority:operation:)`` runs its
    /// work: what they send goes through the store's inbox, with the source of the action that
    /// caused the effect. The handler gets the work's error type: `any Error`, unless the work
    /// says otherwise — Swift does not infer a closure's typed throws, so write it, as here, to
    /// hand a client's domain error to the handler:
    ///
    /// ```swift
    /// case .checkIn:
    ///     return .run { [client, now, syncCapability] send throws(CheckInError) in
    ///         send(.checkedIn(try await client.checkIn(at: now())))
    ///         if let syncCapability { await Self.loadPendingCount(syncCapability, send) }
    ///     } catch: { error, send in
    ///         send(.failed(operation: .checkIn, error: error))
    ///     }
    /// ```
    ///
    /// ## Cancellation
    /// A cancelled effect sends nothing: when the effect's task is cancelled — by
    /// ``cancel(id:)``, in flight, or because its store went away — the handler is not called,
    /// whatever the work threw (it usually throws `CancellationError` then; anything it sent
    /// after the cancellation is dropped anyway). A `CancellationError` thrown while the
    /// effect's task is *not* cancelled — a child task or a client cancelled by someone else —
    /// is a failure like any other and goes to the handler: nothing is swallowed silently.
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - operation: The work. It should return promptly once its task is cancelled.
    ///   - handler: Receives the error the work threw, unless the effect was cancelled.
    /// - Returns: The effect.
    public static func run<Failure: Error>(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Action>) async throws(Failure) -> Void,
        catch handler: @escaping @Sendable (Failure, Send<Action>) async -> Void
    ) -> Effect {
        .run(priority: priority) { send in
            do throws(Failure) {
                try await operation(send)
            } catch {
                if Task.isCancelled { return }
                await handler(error, send)
            }
        }
    }
}
