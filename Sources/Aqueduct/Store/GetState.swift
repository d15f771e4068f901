/// Reads the current state of a store: `state()` returns it.
///
/// Middlewares receive a `GetState` rather than a state value, so that work running after the
/// reducer (an ``Effect/immediate(_:)`` effect, a bridge's filter) reads the *new* state.
///
/// ```swift
/// case .increment, .decrement, .reset:
///     let before = state()
///     return .immediate { _ in
///         if state() != before { output.print("count: \(state())\n") }
///     }
/// ```
///
/// Reading is main-actor isolated; the value is `Sendable` so it can be kept by any code.
public struct GetState<State>: Sendable {
    @usableFromInline
    internal let _read: @MainActor @Sendable () -> State

    /// Creates a state getter from a function.
    ///
    /// - Parameter read: Returns the current state each time it is called.
    public init(_ read: @escaping @MainActor @Sendable () -> State) {
        self._read = read
    }

    /// A getter that always returns `state`, for tests and previews.
    ///
    /// - Parameter state: The state to return.
    /// - Returns: The getter.
    public static func constant(_ state: State) -> GetState where State: Sendable {
        GetState { state }
    }

    /// Reads the current state.
    ///
    /// - Returns: The state.
    @MainActor
    @inlinable
    public func callAsFunction() -> State {
        _read()
    }

    /// A getter for a value derived from the state: what a lifted middleware receives.
    ///
    /// - Parameter transform: Derives the value.
    /// - Returns: The getter of the derived value.
    internal func map<Part>(_ transform: @escaping @Sendable (State) -> Part) -> GetState<Part> {
        let read = _read
        return GetState<Part> { transform(read()) }
    }
}
