/// A middleware working in a larger action and state than it was written for.
///
/// Built by `lift(inputAction:outputAction:state:)`: global actions the feature
/// does not know are ignored (no effect, no call), the feature's output actions are embedded
/// into the global action, and the feature reads its part of the global state.
public struct LiftedMiddleware<Base: Middleware, InputAction, OutputAction, State>: Middleware {
    /// The feature middleware.
    public let base: Base
    @usableFromInline
    internal let extractInput: @Sendable (InputAction) -> Base.InputAction?
    @usableFromInline
    internal let embedOutput: @Sendable (Base.OutputAction) -> OutputAction
    @usableFromInline
    internal let extractState: @Sendable (State) -> Base.State

    internal init(
        base: Base,
        extractInput: @escaping @Sendable (InputAction) -> Base.InputAction?,
        embedOutput: @escaping @Sendable (Base.OutputAction) -> OutputAction,
        extractState: @escaping @Sendable (State) -> Base.State
    ) {
        self.base = base
        self.extractInput = extractInput
        self.embedOutput = embedOutput
        self.extractState = extractState
    }

    /// Starts the feature middleware with a context in its own types.
    @MainActor
    public func start(_ context: MiddlewareContext<OutputAction, State>) {
        base.start(
            MiddlewareContext(
                dispatcher: context.dispatcher.contramap(embedOutput),
                state: context.state.map(extractState)
            )
        )
    }

    /// Passes the action to the feature middleware when it is one of the feature's actions.
    @MainActor
    public func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        guard let local = extractInput(action) else { return .none }
        return base.handle(action: local, from: source, state: state.map(extractState)).map(embedOutput)
    }
}

extension Middleware {
    /// Lifts this middleware into a larger action and state.
    ///
    /// ```swift
    /// let lifecycle = AppLifecycleMiddleware(client: .posixSignals())
    ///     .lift(inputAction: \AppAction.lifecycle, outputAction: AppAction.lifecycle, state: \AppState.lifecycle)
    /// ```
    ///
    /// - Parameters:
    ///   - inputAction: A path from the global action to this middleware's input, `nil` for
    ///     actions of other features.
    ///   - outputAction: Embeds this middleware's output into the global action (an enum case).
    ///   - state: The path from the global state to this middleware's state.
    /// - Returns: The lifted middleware.
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: KeyPath<GlobalInput, InputAction?> & Sendable,
        outputAction: @escaping @Sendable (OutputAction) -> GlobalOutput,
        state: KeyPath<GlobalState, State> & Sendable
    ) -> LiftedMiddleware<Self, GlobalInput, GlobalOutput, GlobalState> {
        LiftedMiddleware(
            base: self,
            extractInput: { $0[keyPath: inputAction] },
            embedOutput: outputAction,
            extractState: { $0[keyPath: state] }
        )
    }

    /// Lifts this middleware into a larger action and state, with closures.
    ///
    /// Key path literals convert to these closures, so this form also takes a literal for the
    /// input next to a closure for the state — how a middleware that reads no state
    /// (`State == Void`) is lifted:
    ///
    /// ```swift
    /// middleware.lift(
    ///     inputAction: { if case .reachability(let a) = $0 { a } else { nil } },
    ///     outputAction: AppAction.reachability,
    ///     state: { $0.reachability }
    /// )
    /// AppLifecycleMiddleware(client: client)
    ///     .lift(inputAction: \AppAction.lifecycle, outputAction: AppAction.lifecycle, state: { _ in () })
    /// ```
    ///
    /// - Parameters:
    ///   - inputAction: Extracts this middleware's input from a global action, or returns `nil`.
    ///   - outputAction: Embeds this middleware's output into the global action.
    ///   - state: Extracts this middleware's state from the global state.
    /// - Returns: The lifted middleware.
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputAction?,
        outputAction: @escaping @Sendable (OutputAction) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> State
    ) -> LiftedMiddleware<Self, GlobalInput, GlobalOutput, GlobalState> {
        LiftedMiddleware(base: self, extractInput: inputAction, embedOutput: outputAction, extractState: state)
    }
}
