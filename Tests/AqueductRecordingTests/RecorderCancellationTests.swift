import Aqueduct
import AqueductRecording
import Foundation
import Testing

/// What an action cancelled, as a real store with a recorder records it: a `.cancel(id:)`, a
/// stack entry popped with its effect running; written, read back, and malformed.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct RecorderCancellationTests {
    struct Entry: Sendable, Equatable {}
    enum EntryAction: Sendable { case load }
    struct NavState: Sendable, Equatable { var path = ChildStack<Entry>() }
    enum NavAction: Sendable, CaseAccessible {
        case start, stop, push, popLast
        case path(StackAction<Entry, EntryAction>)
    }

    /// Work that runs until it is cancelled.
    static let waitForever: @Sendable (Send<NavAction>) async -> Void = { _ in
        try? await Task.sleep(for: .seconds(3_600))
    }

    struct Root: Middleware {
        func handle(action: NavAction, from source: ActionSource, state: GetState<NavState>) -> Effect<NavAction> {
            switch action {
            case .start: Effect.run(operation: RecorderCancellationTests.waitForever).cancellable(id: "ticker")
            case .stop: .cancel(id: "ticker")
            default: .none
            }
        }
    }

    struct Loader: Middleware {
        func handle(action: EntryAction, from source: ActionSource, state: GetState<Entry>) -> Effect<EntryAction> {
            .run { _ in try? await Task.sleep(for: .seconds(3_600)) }
        }
    }

    static let reducer = Reducer<NavAction, NavState>.reduce { action, state in
        switch action {
        case .push: _ = state.path.push(Entry())
        case .popLast: _ = state.path.pop()
        default: break
        }
    }

    @Test func theRecordsCarryWhatEachActionCancelledAndReadBack() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let recorder = try RecorderMiddleware<NavAction, NavState>(path: path)
            let store = Store(
                initialState: NavState(),
                reducer: Self.reducer,
                middleware: recorder <> Root() <> Loader().lift(action: \NavAction.Cases.path, elements: { $0.path })
            )
            store.dispatch(.start)
            store.dispatch(.stop)
            store.dispatch(.stop)  // nothing left to cancel
            store.dispatch(.push)
            let id = try #require(store.state.path.ids.last)
            store.dispatch(.path(.element(id: id, action: .load)))
            store.dispatch(.popLast)
            recorder.writer.flushAll()

            let records = try ActionRecording(contentsOf: path).records
            #expect(records.count == 6)
            #expect(records[0].cancellations.isEmpty)
            #expect(
                records[1].cancellations == [ActionRecord.Cancellation(kind: .id, target: "ticker", effectCount: 1)]
            )
            #expect(
                records[2].cancellations == [ActionRecord.Cancellation(kind: .id, target: "ticker", effectCount: 0)]
            )
            #expect(records[3].cancellations.isEmpty)
            #expect(records[4].cancellations.isEmpty)
            #expect(
                records[5].cancellations == [
                    ActionRecord.Cancellation(kind: .child, target: "stack entry \(id)", effectCount: 1)
                ]
            )
            #expect(records[5].cancellations.first?.description == "stack entry \(id) removed: 1 effect ended")
            #expect(records.allSatisfy { !$0.cancellationsTruncated })

            // The line holds the field only where something was cancelled; Codable agrees.
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            #expect(lines.map { $0.contains("\"cancellations\"") } == [false, true, true, false, false, true])
            #expect(lines[2].contains(#""cancellations":[{"kind":"id","target":"ticker","effects":1}]"#))
            let decoded = try JSONDecoder().decode(ActionRecord.self, from: Data(lines[6].utf8))
            #expect(decoded == records[5])
            let encoded = try JSONDecoder().decode(ActionRecord.self, from: JSONEncoder().encode(records[1]))
            #expect(encoded.cancellations == records[1].cancellations)
        }
    }

    static let line =
        #"{"seq":0,"cause":null,"cause_kind":null,"action":{"description":"stop"},"#
        + #""source":{"file":"A.swift","function":"f","line":1,"info":[]},"changes":[],"#

    static func recording(_ cancellations: String) throws(ActionRecordingError) -> ActionRecording {
        try ActionRecording(
            jsonLines: Array(
                (line + cancellations + #""time":"2026-11-23T19:21:16.250Z","duration_ns":1}"# + "\n").utf8
            )
        )
    }

    @Test func aRecordingWithoutTheFieldReadsAsCancellingNothing() throws {
        let record = try #require(try Self.recording("").records.first)
        #expect(record.cancellations.isEmpty)
        #expect(!record.cancellationsTruncated)
    }

    @Test func aMalformedFieldIsAClearBoundedError() throws {
        let cases: [(String, String)] = [
            (#""cancellations":3,"#, "field `cancellations` is not an array"),
            (#""cancellations":[1],"#, "field `cancellations[0]` is not an object"),
            (
                #""cancellations":[{"kind":"\#(String(repeating: "x", count: 10_000))","target":"t","effects":1}],"#,
                "field `cancellations[0].kind`: \"\(String(repeating: "x", count: 40))…\" is not one of id, in-flight, child"
            ),
            (
                #""cancellations":[{"kind":"id","target":"t","effects":-1}],"#,
                "field `cancellations[0].effects`: effects is -1"
            ),
            (#""cancellations":[{"kind":"id","effects":1}],"#, "field `cancellations[0].target` is missing"),
            (#""cancellations_truncated":"yes","#, "field `cancellations_truncated` is not true or false"),
        ]
        for (field, message) in cases {
            do {
                _ = try Self.recording(field)
                Issue.record("accepted \(field.prefix(80))")
            } catch {
                let text = error.description
                #expect(text.contains(message), "\(text.prefix(300))")
                #expect(text.count < 1_000)
            }
        }
    }

    /// What a cancellation says of itself, as the report's details show it.
    @Test func aCancellationDescribesWhatItEnded() {
        let popped = ActionRecord.Cancellation(kind: .child, target: "stack entry #2", effectCount: 1)
        let line = popped.description  // stack entry #2 removed: 1 effect ended
        #expect(line == "stack entry #2 removed: 1 effect ended")
        #expect(
            ActionRecord.Cancellation(kind: .id, target: "\"timer\"", effectCount: 3).description
                == "cancel(id: \"timer\"): 3 effects ended"
        )
    }
}
