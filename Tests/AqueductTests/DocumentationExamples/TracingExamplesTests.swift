import Aqueduct
import Testing

// The examples of the doc comments of ActionSource, ActionCause and ActionDescription that no
// other test has: the rest are quoted from the tracing and store tests.

extension DocumentationExamples {
    @MainActor
    @Suite struct TracingExamplesTests {
        typealias AppAction = Player.AppAction
        typealias AppState = Player.AppState

        /// Logs each action with its number and what set it off.
        struct CausePrinter: Middleware {
            let log: EventLog

            func handle(action: AppAction, from source: ActionSource, state: GetState<AppState>) -> Effect<AppAction> {
                if let seq = source.seq, let cause = source.cause {
                    log.record("#\(seq) \(ActionDescription.describe(action)) ← #\(cause.seq) (\(cause.kind.rawValue))")
                }
                return .none
            }
        }

        @Test func aMiddlewareReadsEachActionsNumberAndCause() {
            let log = EventLog()
            let store = Store(
                initialState: AppState(),
                reducer: Player.reducer,
                middleware: CausePrinter(log: log) <> Player.unfilteredBridges
            )
            store.dispatch(.playback(.didStart))
            #expect(log.all == ["#1 downloads(DownloadEvent.startDownloads) ← #0 (bridged-from)"])
        }

        @Test func aCauseIsAnActionsNumberAndHowItLedToThisOne() {
            let cause = ActionCause(seq: 3, kind: .bridgedFrom)
            #expect(cause.seq == 3)
            #expect(cause.kind.rawValue == "bridged-from")
        }

        @Test func aDescriptionHasNoModuleNames() {
            let description = ActionDescription.describe(AppAction.playback(.didStart))
            #expect(description == "playback(PlaybackEvent.didStart)")
        }

        /// A helper that sends on its caller's behalf: the source is its caller's line.
        func send(
            _ action: AppAction,
            to store: Store<AppAction, AppState>,
            file: StaticString = #fileID,
            function: StaticString = #function,
            line: UInt = #line
        ) {
            store.dispatch(action, from: ActionSource(file: file, function: function, line: line))
        }

        @Test func aHelperPassesItsCallersSourceOn() {
            let recorder = ActionRecorder()
            let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder.middleware)
            let line = #line + 1
            send(.library(.refresh), to: store)
            #expect(recorder.entries.map(\.source.line) == [UInt(line)])
            #expect(recorder.entries.map(\.source.function) == ["aHelperPassesItsCallersSourceOn()"])
        }

        @Test func aDeferredInfoLineIsBuiltWhenRead() {
            let source = ActionSource(file: "App/File.swift", function: "run()", line: 3)
            let action = AppAction.library(.refresh)
            let derived = source.appendingInfo(deferred: { "Retried \(ActionDescription.describe(action))" })
            #expect(derived.info == "Retried library(LibraryAction.refresh)")
        }
    }
}
