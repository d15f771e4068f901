/// The middleware that does nothing: it sees every action and returns ``Effect/none``, and it
/// starts no work. `IdentityMiddleware() <> m` and `m <> IdentityMiddleware()` behave as `m`
/// (specialised, its handler inlines to nothing), and a store given only identities skips
/// middleware altogether, as one made with a reducer alone does. ``Reducer/identity`` and
/// ``Feature/identity`` are the reducer and the feature that do nothing.
///
/// Give it where a middleware is asked for and an app has none: to replay the recording of an
/// app that has only a reducer with `ActionReplay`,
///
/// ```swift
/// let divergence = await ActionReplay.replay(
///     recording,
///     initialState: CounterState(),
///     reducer: counterReducer,
///     middleware: IdentityMiddleware(),
///     decoding: .matchingDescriptions(of: [.set(12), .increment])
/// )
/// ```
///
/// or as the other branch of a middleware chosen at run time, so that the store is built once:
///
/// ```swift
/// let middleware: any Middleware<CounterAction, CounterAction, CounterState> =
///     isRecording ? recorder : IdentityMiddleware()
/// let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
/// ```
///
/// `IdentityMiddleware` is a `Sendable` value with nothing in it; its types are inferred from
/// where it is given.
public struct IdentityMiddleware<InputAction, OutputAction, State>: Middleware, Sendable {
    /// Creates the middleware that does nothing.
    public init() {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - action: The action, ignored.
    ///   - source: Its source, ignored.
    ///   - state: The state getter, not read.
    /// - Returns: ``Effect/none``.
    @MainActor
    public func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        .none
    }
}
