import Aqueduct

extension TestStore {
    /// Waits for the next action the store receives from its middleware or effects, checks
    /// that it is the case `casePath` names, and asserts the state change it caused.
    ///
    /// A case path names a case through the case paths `swift package case-accessors`
    /// generates for ``/Aqueduct/CaseAccessible`` enums: `\.checkIn.succeeded` for
    /// `AppAction.checkIn(.succeeded(…))`, whatever its payload. A failure names the path the
    /// way it is written, `\.checkIn.succeeded`.
    ///
    /// ```swift
    /// await store.dispatch(.queryChanged("mil")) {
    ///     $0.query = "mil"
    ///     $0.isLoading = true
    /// }
    /// await clock.advance(by: .milliseconds(300))
    /// await store.receive(\.loaded) {
    ///     $0.results = ["Milk", "Mild cheese"]
    ///     $0.isLoading = false
    /// }
    /// ```
    ///
    /// While nothing has arrived, `receive` settles the test store and waits for its running
    /// effects. It fails at once when no effect is running (nothing could send the action),
    /// and after `timeout` when effects are running but none sends it (suspended on a
    /// ``TestClock`` nobody advances, say), naming what it expected and what is still running.
    /// In exhaustive mode the next action must match; with ``exhaustivity`` `.off`, actions
    /// before the first match are skipped.
    ///
    /// - Parameters:
    ///   - casePath: The expected case.
    ///   - timeout: The failure bound of this receive, while effects are running but none can
    ///     send anything yet; the test store's ``TestStore/timeout`` when `nil`.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it;
    ///     without it, the action must not change the state.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The action received, with its source; `nil` when none matched.
    @discardableResult
    public func receive<Value>(
        _ casePath: CaseKeyPath<Action, Value>,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> DispatchedAction<Action>? {
        let path = CasePath(casePath)
        return await receiveAction(
            matching: { path.extract(from: $0) != nil },
            expecting: "an action matching \(path)",
            timeout: timeout,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits for the next action the store receives, checks that it is the case `casePath`
    /// names with the payload `value`, and asserts the state change it caused.
    ///
    /// ```swift
    /// await store.receive(\.counter.set, 10) { $0.count = 10 }
    /// ```
    ///
    /// - Parameters:
    ///   - casePath: The expected case.
    ///   - value: The payload expected.
    ///   - timeout: The failure bound of this receive, while effects are running but none can
    ///     send anything yet; the test store's ``TestStore/timeout`` when `nil`.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The action received, with its source; `nil` when none matched.
    @discardableResult
    public func receive<Value: Equatable>(
        _ casePath: CaseKeyPath<Action, Value>,
        _ value: Value,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> DispatchedAction<Action>? {
        let path = CasePath(casePath)
        return await receiveAction(
            matching: { path.extract(from: $0) == value },
            expecting: "an action matching \(path) with \(StateDiff.describe(value))",
            timeout: timeout,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits for the next action the store receives, checks that `predicate` accepts it, and
    /// asserts the state change it caused.
    ///
    /// ```swift
    /// await store.dispatch(.checkIn) { $0.isCheckingIn = true }
    /// await store.receive(where: { $0.failed?.error == .offline }) {
    ///     $0.isCheckingIn = false
    ///     $0.lastError = .offline
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Returns `true` for the expected action.
    ///   - timeout: The failure bound of this receive, while effects are running but none can
    ///     send anything yet; the test store's ``TestStore/timeout`` when `nil`.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The action received, with its source; `nil` when none matched.
    @discardableResult
    public func receive(
        where predicate: (Action) -> Bool,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> DispatchedAction<Action>? {
        await receiveAction(
            matching: predicate,
            expecting: "an action accepted by the predicate",
            timeout: timeout,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits for the next action the store receives, checks that it equals `expected`, and
    /// asserts the state change it caused.
    ///
    /// ```swift
    /// await store.receive(.counter(.set(10))) { $0.count = 10 }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The action expected.
    ///   - timeout: The failure bound of this receive, while effects are running but none can
    ///     send anything yet; the test store's ``TestStore/timeout`` when `nil`.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The action received, with its source; `nil` when none matched.
    @discardableResult
    public func receive(
        _ expected: Action,
        timeout: Duration? = nil,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> DispatchedAction<Action>? where Action: Equatable {
        await receiveAction(
            matching: { $0 == expected },
            expecting: ActionDescription.describe(expected),
            timeout: timeout,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
