import Aqueduct
import Testing

/// Counts how many times it is described, to prove that an action is not formatted.
final class DescriptionCounter: Sendable {
    private let count = LockedValue(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}

struct Counted: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let counter: DescriptionCounter

    var description: String {
        counter.increment()
        return "counted"
    }

    var debugDescription: String { description }
}

enum LoggedAction: Sendable {
    case counted(Counted)
    case plain
}

@MainActor
@Suite struct LoggerMiddlewareTests {
    typealias AppAction = LifeSignal.AppAction
    typealias AppState = LifeSignal.AppState

    static let source = ActionSource(file: "Lifecycle/AppLifecycleMiddleware.swift", function: "start(_:)", line: 118)

    @Test func entryShowsActionSourceFunctionAndNilInfo() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(printer: transcript.printer)
        )
        store.dispatch(.lifecycle(.didBecomeActive), from: Self.source)
        #expect(
            transcript.text == """
                ┌─▶ lifecycle(AppLifecycleAction.didBecomeActive)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────


                """
        )
    }

    @Test func entryShowsTheCallSiteOfDispatch() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(printer: transcript.printer)
        )
        let line = #line + 1
        store.dispatch(.checkIn(.refresh), info: "pull to refresh")
        #expect(
            transcript.entries == [
                """
                ┌─▶ checkIn(CheckInAction.refresh)
                │ source: AqueductTests/LoggerMiddlewareTests.swift:\(line)
                │ function: entryShowsTheCallSiteOfDispatch()
                │ info: pull to refresh
                └────────────────────


                """
            ]
        )
    }

    @Test func multiLineInfoContinuesAlignedUnderItsFirstLine() {
        let transcript = Transcript()
        let logger = LoggerMiddleware<AppAction, AppState>(printer: transcript.printer)
        let source = Self.source.appendingInfo("first").appendingInfo("second").appendingInfo("third")
        _ = logger.handle(action: .checkIn(.refresh), from: source, state: .constant(AppState()))
        #expect(
            transcript.text == """
                ┌─▶ checkIn(CheckInAction.refresh)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: first
                │       second
                │       third
                └────────────────────


                """
        )
    }

    @Test func rejectedActionIsNotFormatted() {
        let transcript = Transcript()
        let counter = DescriptionCounter()
        let logger = LoggerMiddleware<LoggedAction, Int>(
            filter: { action in
                if case .counted = action { return false }
                return true
            },
            printer: transcript.printer
        )
        let store = Store(initialState: 0, reducer: .identity, middleware: logger)
        store.dispatch(.counted(Counted(counter: counter)))
        #expect(counter.value == 0)
        #expect(transcript.entries.isEmpty)
        store.dispatch(.plain)
        #expect(transcript.entries.count == 1)
        #expect(transcript.text.hasPrefix("┌─▶ plain\n"))
    }

    @Test func acceptedActionIsFormattedOnce() {
        let transcript = Transcript()
        let counter = DescriptionCounter()
        let store = Store(
            initialState: 0,
            reducer: .identity,
            middleware: LoggerMiddleware<LoggedAction, Int>(printer: transcript.printer)
        )
        store.dispatch(.counted(Counted(counter: counter)))
        #expect(counter.value == 1)
        #expect(transcript.text.hasPrefix("┌─▶ counted(counted)\n"))
    }

    @Test func loggerWithoutStateChangesReturnsNoEffect() {
        let logger = LoggerMiddleware<AppAction, AppState>(printer: .closure { _ in })
        #expect(logger.handle(action: .checkIn(.refresh), from: Self.source, state: .constant(AppState())).isNone)
        let off = LoggerMiddleware<AppAction, AppState>(showsStateChanges: false, printer: .closure { _ in })
        #expect(off.handle(action: .checkIn(.refresh), from: Self.source, state: .constant(AppState())).isNone)
    }

    @Test func stateChangeListsTheChangedPaths() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
        )
        store.dispatch(.settings(.setShouldUseReachability(false)), from: Self.source)
        store.dispatch(.checkIn(.refresh), from: Self.source)
        store.dispatch(.checkIn(.sync(via: .wifi)), from: Self.source)
        #expect(
            transcript.entries == [
                """
                ┌─▶ settings(SettingsAction.setShouldUseReachability(false))
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                │ state: settings.shouldUseReachability: true → false
                └────────────────────


                """,
                """
                ┌─▶ checkIn(CheckInAction.refresh)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                │ state: no state change
                └────────────────────


                """,
                """
                ┌─▶ checkIn(CheckInAction.sync(via: ConnectionKind.wifi))
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                │ state: syncs.count: 0 → 1
                │        syncs[0]: (none) → ConnectionKind.wifi
                └────────────────────


                """,
            ]
        )
    }

    struct Profile: Equatable, Sendable {
        var name = "Ada"
        var nickname: String?
        var scores = (best: 1, last: 1)

        static func == (lhs: Profile, rhs: Profile) -> Bool {
            lhs.name == rhs.name && lhs.nickname == rhs.nickname && lhs.scores == rhs.scores
        }
    }

    @Test func severalChangesAreAlignedOnePerLine() {
        let transcript = Transcript()
        let reducer = Reducer<LoggedAction, Profile>.reduce { _, profile in
            profile.name = "Grace\nHopper"
            profile.nickname = "Amazing"
            profile.scores.last = 2
        }
        let store = Store(
            initialState: Profile(),
            reducer: reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
        )
        store.dispatch(.plain, from: Self.source)
        #expect(
            transcript.text == """
                ┌─▶ plain
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                │ state: name: "Ada" → "Grace\\nHopper"
                │        nickname: nil → "Amazing"
                │        scores.last: 1 → 2
                └────────────────────


                """
        )
    }

    /// A state whose `==` never holds, as a buggy or identity-based `==` might.
    struct NeverEqual: Equatable, Sendable {
        var value = 1
        static func == (lhs: NeverEqual, rhs: NeverEqual) -> Bool { false }
    }

    @Test func stateUnequalWithoutADifferentPartSaysSo() {
        let transcript = Transcript()
        let store = Store(
            initialState: NeverEqual(),
            reducer: .identity,
            middleware: LoggerMiddleware<LoggedAction, NeverEqual>(showsStateChanges: true, printer: transcript.printer)
        )
        store.dispatch(.plain)
        #expect(transcript.text.contains("\n│ state: changed, with no difference in its parts\n"))
    }

    @Test func stateThatIsALeafHasNoPath() {
        let transcript = Transcript()
        let reducer = Reducer<LoggedAction, Int>.reduce { _, count in count += 1 }
        let store = Store(
            initialState: 41,
            reducer: reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
        )
        store.dispatch(.plain)
        #expect(transcript.text.contains("\n│ state: 41 → 42\n"))
    }

    @Test func stateChangeIsReadAfterTheReducerAndPrintedBeforeDerivedActions() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
                <> LifeSignal.unfilteredBridges
        )
        store.dispatch(.lifecycle(.didBecomeActive), from: Self.source)
        #expect(transcript.entries.count == 2)
        #expect(transcript.entries.first?.contains("│ state: isActive: false → true\n") == true)
        #expect(transcript.entries.last?.contains("│ state: isMonitoring: false → true\n") == true)
    }

    struct Session: Equatable, Sendable {
        var token = "secret"
        var user = "ada"
    }

    struct SessionState: Equatable, Sendable {
        var clock = 0
        var session: Session? = Session()
        var items = ["a"]
    }

    static let tick = Reducer<LoggedAction, SessionState>.reduce { _, state in
        state.clock += 1
        state.session?.token = "rotated"
    }

    /// A store whose every action ticks the clock and rotates the token, logged into `transcript`.
    static func sessionStore(
        _ transcript: Transcript,
        excluding paths: [PartialKeyPath<SessionState>] = [],
        linePrefix: String = "",
        alsoReducing other: Reducer<LoggedAction, SessionState> = .identity
    ) -> Store<LoggedAction, SessionState> {
        Store(
            initialState: SessionState(),
            reducer: tick <> other,
            middleware: LoggerMiddleware(
                showsStateChanges: true,
                excludingStatePaths: paths,
                stateLinePrefix: linePrefix,
                printer: transcript.printer
            )
        )
    }

    @Test func excludedPathsAreNotPrintedAndAnEntryWithOnlyThemSaysSo() {
        let transcript = Transcript()
        let store = Self.sessionStore(
            transcript,
            excluding: [\.clock, \.session?.token],
            alsoReducing: .reduce { _, state in state.items[0] = "b" }
        )
        store.dispatch(.plain)
        #expect(transcript.entries.last?.contains("│ state: items[0]: \"a\" → \"b\"\n└") == true)
        let onlyExcluded = Self.sessionStore(transcript, excluding: [\.clock, \.session?.token])
        onlyExcluded.dispatch(.plain)
        #expect(transcript.entries.last?.contains("│ state: changed only in excluded paths\n└") == true)
    }

    @Test func anExcludedPathThatIsNotAStoredPropertyIsReportedInEachEntry() {
        let transcript = Transcript()
        let store = Self.sessionStore(transcript, excluding: [\.items[0]])
        store.dispatch(.plain)
        store.dispatch(.plain)
        #expect(transcript.entries.count == 2)
        for entry in transcript.entries {
            #expect(entry.contains("│        cannot exclude \\SessionState.items."))
            #expect(entry.contains(": only paths of stored properties can be excluded\n"))
        }
    }

    @Test func theLinePrefixStartsEveryStateLine() {
        let transcript = Transcript()
        let store = Self.sessionStore(transcript, linePrefix: "· ")
        store.dispatch(.plain)
        store.dispatch(.plain)
        #expect(
            transcript.entries.first?.contains(
                """
                │ state: · clock: 0 → 1
                │        · session.token: "secret" → "rotated"
                └
                """
            ) == true
        )
        #expect(transcript.entries.last?.contains("│ state: · clock: 1 → 2\n└") == true)
    }

    @Test func aHugeChangeIsCutAndSaysSo() {
        let transcript = Transcript()
        let store = Store(
            initialState: [Int](),
            reducer: Reducer<LoggedAction, [Int]>.reduce { _, numbers in numbers = Array(0..<10_000) },
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
        )
        store.dispatch(.plain)
        let stateLines = transcript.text.split(separator: "\n").filter {
            $0.hasPrefix("│ state: ") || $0.hasPrefix("│        ")
        }
        #expect(stateLines.first == "│ state: count: 0 → 10000")
        #expect(stateLines.count == StateDiff.defaultLimit + 1)
        #expect(stateLines.last == "│        … and more changes (the first \(StateDiff.defaultLimit) are shown)")
    }
}
