import Aqueduct
import AqueductRecording
import AqueductTesting
import Foundation
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct RecordReplayAndReportTests {
    typealias Feature = RecordReplayAndReport

    /// Records a session into a temporary file, as an app run with a recorder would, and
    /// reads the file back. (`swift run AqueductDevTools report` would read the same file.)
    func recordSession() async throws -> ActionRecording {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("case-study-10-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path)
        let store = TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.recorded(to: writer)
        )
        await store.dispatch(.increment) { $0.count = 1 }
        await store.dispatch(.increment) { $0.count = 2 }
        await store.dispatch(.save)
        await store.receive(.saved(2)) { $0.saved = [2] }
        await store.finish()
        #expect(writer.flush(timeout: .seconds(10)))  // the writer writes on a queue of its own
        return try ActionRecording(contentsOf: path)
    }

    @Test func eachActionIsRecordedWithItsCauseAndItsChanges() async throws {
        let records = try await recordSession().records
        let actions: [Feature.Action] = [.increment, .increment, .save, .saved(2)]
        // Each action's description, and its encoding: what `.codable()` decodes in a replay.
        #expect(records.map(\.action) == actions.map { ActionRecord.Action($0) })

        // The first three came from outside (the test); `saved` was sent by `save`'s effect.
        #expect(records[0...2].allSatisfy { $0.cause == nil })
        #expect(records[3].cause == ActionRecord.Cause(seq: records[2].seq, kind: .sentByEffect))
        #expect(records[1].changes == [ActionRecord.Change(path: "count", before: "1", after: "2")])
        #expect(records[2].changes.isEmpty)
        #expect(
            records[3].changes == [
                ActionRecord.Change(path: "saved.count", before: "0", after: "1"),
                ActionRecord.Change(path: "saved[0]", before: nil, after: "2"),
            ]
        )
    }

    @Test func theRecordingReplaysAgainstTheFeature() async throws {
        let recording = try await recordSession()
        let divergence = await ActionReplay.replay(
            recording,
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.SaveMiddleware(),  // the app's middleware, without the recorder
            decoding: .codable()
        )
        #expect(divergence == nil)
    }

    @Test func aChangedFeatureDivergesWhereItsBehaviourChanged() async throws {
        let recording = try await recordSession()
        // The regression: a save is kept twice.
        let broken = Reducer<Feature.Action, Feature.State>.reduce { action, state in
            Feature.reducer(action, &state)
            if case .saved(let count) = action { state.saved.append(count) }
        }
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await ActionReplay.replay(
                recording,
                initialState: Feature.State(),
                reducer: broken,
                middleware: Feature.SaveMiddleware(),
                decoding: .codable()
            )
        } matching: { issue in
            issue.isFailure && issue.description.contains("Replay diverged at record #")
        }
        let found = try #require(divergence)
        #expect(found.seq == recording.records[3].seq)  // at `saved(2)`, not before
        #expect(found.description.contains("saved[1]"))
    }
}
