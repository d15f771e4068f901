import Aqueduct

extension Store {
    /// Creates a store whose effects run on a ``TestScheduler``: a production store — the app's
    /// reducer and composed middleware — that a test drives deterministically.
    ///
    /// Its effects' jobs run, and what they send is processed, only while the test awaits the
    /// scheduler (``TestScheduler/run()``, an `advance` of its clock); everything else is the
    /// store as it runs in the app: `dispatch` processes at once, observers and `values(of:)`
    /// see every change.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let store = Store(
    ///     initialState: SearchState(),
    ///     reducer: searchReducer,
    ///     middleware: SearchMiddleware(client: .groceries, clock: scheduler.clock),
    ///     scheduler: scheduler
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - middleware: The middleware, usually a composition (`a <> b`). Its start effect
    ///     (``/Aqueduct/Middleware/start(state:)``) begins before `init` returns, on the
    ///     scheduler; what it sends is processed when the test awaits the scheduler.
    ///   - scheduler: Runs the effects, and decides when what they send is processed.
    public convenience init<M: Middleware>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        scheduler: TestScheduler
    ) where M.InputAction == Action, M.OutputAction == Action, M.State == State {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: AnyMiddleware(middleware),
            scheduler: scheduler.core
        )
    }

    /// Creates a store with no middleware whose inbox a ``TestScheduler`` drains: what other
    /// threads dispatch is processed when the test awaits the scheduler.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - scheduler: Decides when what is dispatched from other isolations is processed.
    public convenience init(initialState: State, reducer: Reducer<Action, State>, scheduler: TestScheduler) {
        self.init(initialState: initialState, reducer: reducer, middleware: nil, scheduler: scheduler.core)
    }
}
