/// Dispatches actions into a store from any isolation: other actors, tasks, threads,
/// callbacks of C libraries.
///
/// Get one from ``Store/dispatcher``. Actions enter the store's thread-safe inbox, which is drained on
/// the main actor in one scheduled hop per batch: each sender's actions keep their order, and
/// the cost of the hop is shared by every action in the batch.
///
/// ```swift
/// let dispatcher = store.dispatcher
/// let totals = store.values(of: \.total, .removingDuplicates)
/// await withTaskGroup(of: Void.self) { group in
///     for task in 0..<8 {
///         group.addTask {
///             for value in 0..<10_000 { dispatcher.dispatch(.next(task: task, value: value)) }
///         }
///     }
/// }
/// ```
///
/// `Dispatcher` is `Sendable`. On the main actor, ``Store/dispatch(_:file:function:line:info:)``
/// is the faster choice: it processes the action immediately.
public struct Dispatcher<Action>: Sendable {
    @usableFromInline
    internal let _dispatch: @Sendable (Action, ActionSource) -> Void

    /// Creates a dispatcher from a function that accepts an action and its source.
    ///
    /// - Parameter dispatch: The function; it must be safe to call from any thread.
    public init(_ dispatch: @escaping @Sendable (Action, ActionSource) -> Void) {
        self._dispatch = dispatch
    }

    /// Dispatches an action, recording the call site as its source.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - file: The calling file; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - info: Optional context for logs.
    @inlinable
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        _dispatch(action, ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action with a given source.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source.
    @inlinable
    public func dispatch(_ action: Action, from source: ActionSource) {
        _dispatch(action, source)
    }

    /// A dispatcher of smaller actions that embeds each one into this dispatcher's action: what
    /// a lifted middleware's deprecated start hook receives.
    ///
    /// - Parameter embed: Embeds the smaller action, usually an enum case.
    /// - Returns: The dispatcher of the smaller action.
    internal func contramap<Local>(_ embed: @escaping @Sendable (Local) -> Action) -> Dispatcher<Local> {
        let dispatch = _dispatch
        return Dispatcher<Local> { action, source in dispatch(embed(action), source) }
    }
}
