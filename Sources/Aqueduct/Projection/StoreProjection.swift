/// A view of a ``Store`` on a part of its state and a smaller action: what a feature or a
/// view receives instead of the whole store.
///
/// Make one with ``Store/projection(action:state:)`` (a sub-state and sub-action),
/// ``Store/projection(element:in:action:)-(Element.ID,_,_)`` (an element of a collection, by id),
/// ``Store/projection(element:in:action:)-(StackID,_,_)`` (an entry of a navigation stack, by id),
/// ``Store/projection(presented:action:)`` (a presented child, while it is presented), or the
/// same methods on a projection.
///
/// ```swift
/// let profile = store.projection(action: \.profile, state: \.profile)
/// profile.dispatch(.rename("Grace"))  // source: this line
/// #expect(profile.name == "Grace")
///
/// // A row of a nested feature: a projection onto the feature, then onto the row.
/// let todoList = store.projection(action: \.todoList, state: \.todoList)
/// let row = todoList.projection(element: todo.id, in: \.todos, action: \.todo)
/// row?.dispatch(.toggle)
/// #expect(store.state.todoList.todos[0].isDone)
/// ```
///
/// ## Cost at any depth
/// A projection is not a store: it holds the root store, one composed key path from the root
/// state and one composed function into the root action. A projection of a projection appends
/// the paths and composes the functions once, when it is made. Reading ``state`` at depth 10 is
/// one key-path read from the root state; ``dispatch(_:file:function:line:info:)`` is one call
/// of the composed embedding and one root dispatch. A projection observes nothing and costs the
/// store nothing unless you observe through it; then it shares the root store's watchers (one
/// comparison per distinct path, whichever projection asked).
///
/// ## Source
/// Dispatching through a projection records the call site of *that* dispatch (or the source you
/// pass) as the action's ``ActionSource``: the root store's middleware and logger see where the
/// feature sent it, not where the projection was made.
///
/// ## Observation
/// A projection is a ``StateObservable``: `projection.someField` is a tracked read for
/// `withObservationTracking` and SwiftUI, `subscribe(_:_:)` and `values(of:)` observe a path of
/// its state — all on the root store, by the composed path, so a projection and the store
/// observing the same value share one comparison.
///
/// `StoreProjection` is main-actor isolated. It keeps its root store alive.
@MainActor
@dynamicMemberLookup
public struct StoreProjection<Action, State> {
    // Reading and dispatching are inlinable and go through `_send`, `_memory` and `_offset`,
    // built where the projection is made with the caller's concrete types: through `_root`
    // they would run unspecialised, mostly looking up generic metadata on every read and
    // dispatch. `_root` serves observation and composition.
    @usableFromInline
    internal let _root: any ProjectionRoot<Action, State>
    /// Embeds the action (composed through every level) and dispatches it into the root store.
    @usableFromInline
    internal let _send: @MainActor (Action, ActionSource) -> Void
    /// The root store's state, which lives as long as the store this projection keeps alive
    /// (see ``RawStateMemory``).
    @usableFromInline
    internal let _memory: RawStateMemory
    /// The offset of the state in the root state when it is reached through stored properties
    /// only; `nil` otherwise (subscripts, computed properties, elements by id).
    @usableFromInline
    internal let _offset: Int?

    @usableFromInline
    internal init(
        _root: any ProjectionRoot<Action, State>,
        _send: @escaping @MainActor (Action, ActionSource) -> Void,
        _offset: Int?
    ) {
        self._root = _root
        self._send = _send
        self._memory = _root.memory
        self._offset = _offset
    }

    internal init(root: any ProjectionRoot<Action, State>) {
        self.init(_root: root, _send: { root.dispatch($0, from: $1) }, _offset: root.offset)
    }

    /// The current sub-state: one read of the composed path from the root store's state.
    ///
    /// Not tracked by the Observation framework; read through dynamic members for that.
    ///
    /// - Complexity: O(1) when every level's path is a stored property (a load at a fixed
    ///   offset); otherwise one key-path application of the composed path.
    @inlinable
    public var state: State {
        if let offset = _offset {
            // `offset` locates a stored `State` inside the root state.
            return _memory.load(at: offset)
        }
        return _root.state
    }

    /// Dispatches an action into the root store, recording the call site as its source.
    ///
    /// ```swift
    /// profile.dispatch(.rename("Grace"))  // source: this line
    /// ```
    ///
    /// - Parameters:
    ///   - action: The projection's action; it is embedded into the root action.
    ///   - file: The calling file; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - info: Optional context, shown by the logger.
    /// - Complexity: One call of the composed embedding plus the root store's dispatch.
    @inlinable
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        _send(action, ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action into the root store with a given source.
    ///
    /// - Parameters:
    ///   - action: The projection's action.
    ///   - source: Its source, kept as it is.
    @inlinable
    public func dispatch(_ action: Action, from source: ActionSource) {
        _send(action, source)
    }

    /// A projection of this projection on a smaller state and action.
    ///
    /// The paths are appended and the embeddings composed now, so the new projection reads and
    /// dispatches straight from and into the root store.
    ///
    /// ```swift
    /// let todoList = store.projection(action: \.todoList, state: \.todoList)
    /// let row = todoList.projection(element: todo.id, in: \.todos, action: \.todo)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of this projection's action that holds the smaller action.
    ///     Resolved once, here.
    ///   - state: The path from this projection's state to the smaller state.
    /// - Returns: The projection.
    @inlinable
    public func projection<LocalAction, LocalState>(
        action: CaseKeyPath<Action, LocalAction>,
        state: KeyPath<State, LocalState>
    ) -> StoreProjection<LocalAction, LocalState> {
        let action = CasePath(action)._embed
        let send = _send
        let localOffset = _offset.flatMap { offset in MemoryLayout<State>.offset(of: state).map { offset + $0 } }
        return StoreProjection<LocalAction, LocalState>(
            _root: _root.projection(action: action, state: state),
            _send: { localAction, source in send(action(localAction), source) },
            _offset: localOffset
        )
    }

    /// A projection onto the element with `id` in a collection of this projection's state.
    ///
    /// See ``Store/projection(element:in:action:)-(Element.ID,_,_)``.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - elements: The path from this projection's state to the array.
    ///   - action: The case of this projection's action that holds an element's id and action,
    ///     labelled `id` and `action`. Resolved once, here.
    /// - Returns: The projection, or `nil` if no element has that id now.
    /// - Complexity: O(*n*) in the number of elements, for each read.
    public func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: CaseKeyPath<Action, (id: Element.ID, action: ElementAction)>
    ) -> StoreProjection<ElementAction, Element>? {
        let embed = CasePath(action)._embed
        let action: (Element.ID, ElementAction) -> Action = { embed((id: $0, action: $1)) }
        let send = _send
        return _root.projection(element: id, in: elements, action: action).map { root in
            StoreProjection<ElementAction, Element>(
                _root: root,
                _send: { elementAction, source in send(action(id, elementAction), source) },
                _offset: nil
            )
        }
    }
}
