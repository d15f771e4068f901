import Aqueduct

/// The asynchronous effects that one ``TestStore/dispatch(_:assert:fileID:filePath:function:line:column:)-(Action,_,_,_,_,_,_)``
/// started: await them to finish, or cancel them.
///
/// A dispatch's effects are the `.run` effects of the action dispatched and of the actions it set off
/// synchronously (`.send`, `.immediate`, bridges) before `dispatch` returned — not those of the
/// actions its effects send later, which belong to their own `receive`.
///
/// Here `start` starts a one-minute deadline in each of two middleware, and `startAgain` one
/// more; cancelling the effects of `start` leaves the third running:
///
/// ```swift
/// let both = await store.dispatch(.start)
/// #expect(clock.sleeperCount == 2)
/// let third = await store.dispatch(.startAgain)
/// #expect(clock.sleeperCount == 3)
/// await both.cancel()
/// #expect(both.isCancelled)
/// #expect(!third.isCancelled)
/// #expect(clock.sleeperCount == 1)
/// ```
///
/// Awaiting them instead, until the client has answered:
///
/// ```swift
/// let checkIn = await store.dispatch(.checkIn) { $0.isCheckingIn = true }
/// await checkIn.finish()  // the call to the client has returned
/// await store.receive(\.checkedIn, stored) {
///     $0.isCheckingIn = false
///     $0.lastCheckIn = stored
///     $0.history = [stored]
/// }
/// ```
///
/// Main-actor isolated, like the test store; a `Sendable` value.
@MainActor
public struct TestStoreTask: Sendable {
    let owner: any TestStoreTaskOwner
    let tokens: Range<Int>
    let tasks: [Task<Void, Never>]
    let action: String

    /// Whether the dispatch's effects were cancelled — by ``cancel()``, by an effect cancelling
    /// their id, or by the test store (``TestStore/finish(timeout:fileID:filePath:line:column:)``,
    /// ``TestStore/skipInFlightEffects()``). `false` when the dispatch started no effect that was
    /// still running when it returned.
    public var isCancelled: Bool {
        !tasks.isEmpty && tasks.allSatisfy(\.isCancelled)
    }

    /// Waits until every effect the dispatch started has ended, processing what they send (to be
    /// received) while it waits.
    ///
    /// Fails the test, naming the effects, when some are still running after `timeout`:
    /// suspended on a ``TestClock`` nobody advances, say. They are left running.
    ///
    /// - Parameters:
    ///   - timeout: The failure bound; the test store's ``TestStore/timeout`` when `nil`.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await owner.finish(
            self,
            timeout: timeout,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Cancels every effect the dispatch started and waits until their cancellation has run as
    /// far as it can (a sleep on a ``TestClock`` ends at once, for example).
    public func cancel() async {
        await owner.cancel(self)
    }
}

/// The test store behind a ``TestStoreTask``, without its generic parameters.
@MainActor
protocol TestStoreTaskOwner: AnyObject, Sendable {
    func finish(_ task: TestStoreTask, timeout: Duration?, at site: CallSite) async
    func cancel(_ task: TestStoreTask) async
}
