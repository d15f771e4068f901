/// A middleware that prints every action the store processes — what it is, who sent it, how
/// it got there — and, optionally, how it changed the state.
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     reducer: Player.reducer,
///     middleware: LoggerMiddleware(printer: transcript.printer) <> Player.appBridges
/// )
/// ```
///
/// prints, for a bridged action:
///
/// ```text
/// ┌─▶ downloads(DownloadEvent.startDownloads)
/// │ source: Player/PlaybackMiddleware.swift:118
/// │ function: start(_:)
/// │ info: Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7
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
/// - `state` (only with `showsStateChanges`) lists each changed part of the state as
///   `path: old → new` — `items[1].title: "Milk" → "Bread"`, `session: nil → Session(…)` —
///   or says `no state change`.
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
    /// Set only by the initialiser that requires `State: Equatable`; the comparison finds that
    /// conformance at run time (`StateDiff`), as a closure capturing it would need
    /// `State.Type` to be `Sendable`.
    private let stateChanges: StateChangeLines?

    /// Creates a logger that prints actions without the state.
    ///
    /// ```swift
    /// let logger = LoggerMiddleware<LoggedAction, Int>(
    ///     filter: { action in
    ///         if case .counted = action { return false }
    ///         return true
    ///     },
    ///     printer: transcript.printer
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Decides which actions are printed; an action it rejects costs nothing more.
    ///     The default prints every action.
    ///   - printer: Where entries go. The default is standard output.
    public init(filter: @escaping @Sendable (Action) -> Bool = { _ in true }, printer: LogPrinter = .standardOutput) {
        self.filter = filter
        self.printer = printer
        self.stateChanges = nil
    }

    /// Creates a logger that can also print how each action changed the state.
    ///
    /// The `state` lines list each part that changed, as deep as it goes: a property of a
    /// struct, an element of an array (`items[1].title`), an entry of a dictionary, a member of
    /// a set, the associated values of an enum case. Strings are quoted and an absent optional
    /// reads `nil`.
    ///
    /// ```swift
    /// LoggerMiddleware(
    ///     showsStateChanges: true,
    ///     excludingStatePaths: paths,
    ///     stateLinePrefix: linePrefix,
    ///     printer: transcript.printer
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Decides which actions are printed; an action it rejects costs nothing more.
    ///     The default prints every action.
    ///   - showsStateChanges: When `true`, each entry has a `state` section: the changed parts
    ///     with their old and new values (`path: old → new`), or `no state change`.
    ///   - excludingStatePaths: Parts of the state whose changes are not printed: paths of
    ///     stored properties, through optionals if need be. When only these parts changed, the
    ///     entry says `changed only in excluded paths`. A path through a subscript or a computed
    ///     property cannot be recognised in the state; each entry then says which one, so the
    ///     mistake is seen at once.
    ///   - stateLinePrefix: Text put before each line of the `state` section, to set the state
    ///     apart in a busy log.
    ///   - printer: Where entries go. The default is standard output.
    /// - Complexity: With state changes, each printed entry keeps a copy of the state from
    ///   before the reducer and compares it with the state after; the parts are only walked
    ///   when the two are not `==`.
    public init(
        filter: @escaping @Sendable (Action) -> Bool = { _ in true },
        showsStateChanges: Bool,
        excludingStatePaths: [PartialKeyPath<State>] = [],
        stateLinePrefix: String = "",
        printer: LogPrinter = .standardOutput
    ) where State: Equatable {
        self.filter = filter
        self.printer = printer
        self.stateChanges =
            showsStateChanges ? StateChangeLines(excluding: excludingStatePaths, linePrefix: stateLinePrefix) : nil
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
        guard let stateChanges else {
            printer.print(
                LogEntry.format(action: ActionDescription.describe(action), source: source, stateChanges: nil)
            )
            return .none
        }
        let before = state()
        let printer = self.printer
        return .immediate { _ in
            printer.print(
                LogEntry.format(
                    action: ActionDescription.describe(action),
                    source: source,
                    stateChanges: stateChanges.lines(from: before, to: state())
                )
            )
        }
    }
}

/// How a logger writes the `state` section: which paths it leaves out and what each line
/// starts with.
private struct StateChangeLines: Sendable {
    /// The diff paths of the excluded key paths.
    let excluded: [[StateChange.Step]]
    /// The excluded key paths that are not paths of stored properties, described.
    let unrecognised: [String]
    let linePrefix: String

    init<State>(excluding keyPaths: [PartialKeyPath<State>], linePrefix: String) {
        var excluded: [[StateChange.Step]] = []
        var unrecognised: [String] = []
        for keyPath in keyPaths {
            if let path = StateDiff.path(of: keyPath) {
                excluded.append(path)
            } else {
                unrecognised.append(ActionDescription.stripModules(String(reflecting: keyPath)))
            }
        }
        self.excluded = excluded
        self.unrecognised = unrecognised
        self.linePrefix = linePrefix
    }

    /// The lines of the `state` section for a change from `before` to `after`.
    func lines(from before: Any, to after: Any) -> [String] {
        var lines: [String]
        if StateDiff.isEqual(before, after) == true {
            lines = ["no state change"]
        } else {
            let diff = StateDiff(from: before, to: after, leavingOut: excluded)
            lines = diff.changes.map(\.description)
            if diff.isTruncated { lines.append("… and more changes (the first \(diff.changes.count) are shown)") }
            if lines.isEmpty {
                // `==` says the states differ, but no part shown does.
                lines.append(
                    diff.leftOutCount > 0
                        ? "changed only in excluded paths" : "changed, with no difference in its parts"
                )
            }
        }
        for path in unrecognised {
            lines.append("cannot exclude \(path): only paths of stored properties can be excluded")
        }
        return lines.map { linePrefix + $0 }
    }
}
