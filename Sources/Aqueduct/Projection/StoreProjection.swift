/// A view of a ``Store`` on a part of its state and a smaller action: what a feature or a
/// view receives instead of the whole store.
///
/// Make one with ``Store/projection(action:state:)`` (a sub-state and sub-action),
/// ``Store/projection(element:in:action:)`` (an element of a collection, by id), or the same
/// methods on a projection.
///
/// ```swift
/// let profile = store.projection(action: AppAction.profile, state: \.profile)
/// profile.dispatch(.rename("Ada"))       // dispatches AppAction.profile(.rename("Ada"))
/// print(profile.state.name)              // reads store.state.profile.name
/// let avatar = profile.projection(action: ProfileAction.avatar, state: \.avatar)
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
/// `projection.someField` and ``observable(_:)`` are tracked reads for
/// `withObservationTracking` and SwiftUI, per path, on the root store's registrar.
///
/// `StoreProjection` is main-actor isolated. It keeps its root store alive.
@MainActor
@dynamicMemberLookup
public struct StoreProjection<Action, State> {
    internal let root: any ProjectionRoot<Action, State>

    internal init(root: any ProjectionRoot<Action, State>) {
        self.root = root
    }

    /// The current sub-state: one read of the composed path from the root store's state.
    ///
    /// Not tracked by the Observation framework; use ``observable(_:)`` or dynamic members.
    public var state: State { root.state }

    /// Dispatches an action into the root store, recording the call site as its source.
    ///
    /// ```swift
    /// profile.dispatch(.rename("Ada"))   // source: this line
    /// ```
    ///
    /// - Parameters:
    ///   - action: The projection's action; it is embedded into the root action.
    ///   - file: The calling file; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - info: Optional context, shown by the logger.
    /// - Complexity: One call of the composed embedding plus the root store's dispatch.
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        root.dispatch(action, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action into the root store with a given source.
    ///
    /// - Parameters:
    ///   - action: The projection's action.
    ///   - source: Its source, kept as it is.
    public func dispatch(_ action: Action, from source: ActionSource) {
        root.dispatch(action, from: source)
    }

    /// A projection of this projection on a smaller state and action.
    ///
    /// The paths are appended and the embeddings composed now, so the new projection reads and
    /// dispatches straight from and into the root store.
    ///
    /// ```swift
    /// let avatar = profile.projection(action: ProfileAction.avatar, state: \.avatar)
    /// ```
    ///
    /// - Parameters:
    ///   - action: Embeds the smaller action into this projection's action (usually a case).
    ///   - state: The path from this projection's state to the smaller state.
    /// - Returns: The projection.
    public func projection<LocalAction, LocalState>(
        action: @escaping (LocalAction) -> Action,
        state: KeyPath<State, LocalState>
    ) -> StoreProjection<LocalAction, LocalState> {
        StoreProjection<LocalAction, LocalState>(root: root.projection(action: action, state: state))
    }

    /// A projection onto the element with `id` in a collection of this projection's state.
    ///
    /// See ``Store/projection(element:in:action:)``.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - elements: The path from this projection's state to the array.
    ///   - action: Embeds an element's id and action into this projection's action.
    /// - Returns: The projection, or `nil` if no element has that id now.
    /// - Complexity: O(*n*) in the number of elements, for each read.
    public func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: @escaping (Element.ID, ElementAction) -> Action
    ) -> StoreProjection<ElementAction, Element>? {
        root.projection(element: id, in: elements, action: action).map(StoreProjection<ElementAction, Element>.init)
    }
}
