/// A middleware that prints every action the store processes — what it is, who sent it, how
/// it got there — and, optionally, how it changed the state.
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     reducer: appReducer,
///     middleware: LoggerMiddleware(showsStateChanges: true) <> appBridges
/// )
/// ```
///
/// prints, for a bridged action:
///
/// ```
/// ┌─▶ reachability(ReachabilityEvent.startMonitoring)
/// │ source: Lifecycle/AppLifecycleMiddleware.swift:118
/// │ function: start(_:)
/// │ info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
/// │ state: isMonitoring: false → true
/// └────────────────────
///
/// ```
///
/// ## The entry
/// - The first line is the action, described by ``ActionDescription/describe(_:)`` (no module
///   names).
/// - `source` is the ``ActionSource/file`` in `#fileID` form and the ``ActionSource/line``;
///   `function` is the ``ActionSource/function``.
/// - `info` is the ``ActionSource/info``, or `<nil>` when there is none.
/// - `state` (only with `showsStateChanges`) lists each changed property path as
///   `path: old → new`, or says `no state change`.
/// - A value of several lines continues on `│ ` lines aligned under its first line: after
///   `│ ` come as many spaces as its label and `: ` take (six under `info: `, seven under
///   `state: `).
/// - The entry ends with `└────────────────────` and an empty line.
///
/// ## Cost
/// The filter runs first; an action it rejects is not described or formatted at all. Without
/// state changes the entry is printed in ``handle(action:from:state:)`` and the logger
/// returns ``Effect/none``. With them, the state before the reducer is kept and the entry is
/// printed from an ``Effect/immediate(_:)`` effect after the reducer; the difference is only
/// computed when the states are not equal. A store without a logger pays nothing.
///
/// `LoggerMiddleware` is a `Sendable` value; the store calls it on the main actor, and it
/// calls its ``LogPrinter`` there.
public struct LoggerMiddleware<Action, State>: Middleware {
    private let filter: @Sendable (Action) -> Bool
    private let printer: LogPrinter
    /// Set only by the initialiser that requires `State: Equatable`. The comparison finds that
    /// conformance at run time (``StateDiff``): a closure capturing it would need
    /// `State.Type` to be `Sendable`.
    private let showsStateChanges: Bool

    /// Creates a logger that prints actions without the state.
    ///
    /// ```swift
    /// let logger = LoggerMiddleware<AppAction, AppState>(filter: { $0.tick == nil }, printer: .standardError)
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Decides which actions are printed; an action it rejects costs nothing more.
    ///     The default prints every action.
    ///   - printer: Where entries go. The default is standard output.
    public init(filter: @escaping @Sendable (Action) -> Bool = { _ in true }, printer: LogPrinter = .standardOutput) {
        self.filter = filter
        self.printer = printer
        self.showsStateChanges = false
    }

    /// Creates a logger that can also print how each action changed the state.
    ///
    /// ```swift
    /// let logger = LoggerMiddleware<AppAction, AppState>(showsStateChanges: true)
    /// // │ state: settings.shouldUseReachability: true → false
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Decides which actions are printed; an action it rejects costs nothing more.
    ///     The default prints every action.
    ///   - showsStateChanges: When `true`, each entry has a `state` line: the changed property
    ///     paths with their old and new values, or `no state change`.
    ///   - printer: Where entries go. The default is standard output.
    public init(
        filter: @escaping @Sendable (Action) -> Bool = { _ in true },
        showsStateChanges: Bool,
        printer: LogPrinter = .standardOutput
    ) where State: Equatable {
        self.filter = filter
        self.printer = printer
        self.showsStateChanges = showsStateChanges
    }

    /// Prints the entry for `action` — now, or after the reducer when it shows state changes.
    ///
    /// - Parameters:
    ///   - action: The action about to be reduced.
    ///   - source: Where it came from.
    ///   - state: The state getter; read before and after the reducer when showing state
    ///     changes.
    /// - Returns: ``Effect/none``, or the effect that prints the entry after the reducer.
    @MainActor
    public func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        guard filter(action) else { return .none }
        guard showsStateChanges else {
            printer.print(
                LogEntry.format(action: ActionDescription.describe(action), source: source, stateChanges: nil)
            )
            return .none
        }
        let before = state()
        let printer = self.printer
        return .immediate { _ in
            let changes = StateDiff.changes(from: before, to: state())
            printer.print(
                LogEntry.format(action: ActionDescription.describe(action), source: source, stateChanges: changes)
            )
        }
    }
}
