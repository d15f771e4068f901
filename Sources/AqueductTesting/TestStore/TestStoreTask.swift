import Aqueduct

/// The asynchronous effects that one ``TestStore/dispatch(_:assert:fileID:filePath:function:line:column:)-(Action,_,_,_,_,_,_)``
/// started: await them to finish, or cancel them.
///
/// A dispatch's effects are the `.run` effects of the action dispatched and of the actions it set off
/// synchronously (`.send`, `.immediate`, bridges) before `dispatch` returned — not those of the
/// actions its effects send later, which belong to their own `receive`.
///
/// ```swift
/// let timer = await store.dispatch(.startTimer) { $0.isRunning = true }
/// await clock.advance(by: .milliseconds(1_000))
/// await store.receive(\.tick) { $0.seconds = 1 }
/// await timer.cancel()                  // the test is done with the timer
/// await store.finish()
/// ```
///
/// ```swift
/// let load = await store.dispatch(.load) { $0.isLoading = true }
/// await load.finish()                   // fails if the load is still running after the timeout
/// await store.receive(\.loaded) { $0.isLoading = false }
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
