import Aqueduct

extension TestStore {
    /// Dispatches the action a case path names — a case without a payload — and asserts the
    /// state change it causes: `dispatch(\.path[id: StackID(0)].load)` for
    /// `dispatch(.path(.element(id: StackID(0), action: .load)))`.
    ///
    /// The case path is embedded once (``/Aqueduct/CasePath/embed(_:)``), and the action is
    /// dispatched as ``dispatch(_:assert:fileID:filePath:function:line:column:)-(Action,_,_,_,_,_,_)``
    /// dispatches it, with the call site as its source. Deep in children, it is the short form:
    ///
    /// ```swift
    /// await store.dispatch(\.path[id: StackID(0)].load)
    /// // …
    /// await store.dispatch(\.rows[id: 1].load)
    /// ```
    ///
    /// - Parameters:
    ///   - casePath: The case to dispatch; its payload is `Void`.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The effects this dispatch started, to await or cancel.
    @discardableResult
    public func dispatch(
        _ casePath: CaseKeyPath<Action, Void>,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        await dispatch(
            CasePath(casePath).embed(()),
            from: ActionSource(file: fileID, function: function, line: line),
            assert: updateExpectedState,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }

    /// Dispatches the action a case path names with its payload, and asserts the state change
    /// it causes: `dispatch(\.path[id: StackID(0)].loaded, 10)` for
    /// `dispatch(.path(.element(id: StackID(0), action: .loaded(10))))` — the dispatching twin of
    /// ``receive(_:_:timeout:assert:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// await store.dispatch(\.path[id: StackID(0)].loaded, 10) { $0.path[id: StackID(0)]?.loaded = [10] }
    /// ```
    ///
    /// - Parameters:
    ///   - casePath: The case to dispatch.
    ///   - value: Its payload.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The effects this dispatch started, to await or cancel.
    @discardableResult
    public func dispatch<Value>(
        _ casePath: CaseKeyPath<Action, Value>,
        _ value: Value,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        await dispatch(
            CasePath(casePath).embed(value),
            from: ActionSource(file: fileID, function: function, line: line),
            assert: updateExpectedState,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }
}
