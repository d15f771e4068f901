import Aqueduct
import AqueductRecording
import AqueductTesting
import Foundation

extension Scenarios {
    /// m. `ActionReplay` checks a recording record by record: each outside action sent again,
    /// every processed action — two of three sent by an effect — compared with its record
    /// (action, cause, state change).
    ///
    /// Per record. The subject replays 100,000 records at once; a reference replays the same
    /// records as ten recordings of a tenth as many each: equal figures mean the replay is
    /// linear in the number of records (it was quadratic: 20,000 records took 213 s). The
    /// baseline is a store processing the same actions with the same middleware, nothing
    /// compared.
    static var m: ScenarioSlot {
        .ready(
            Scenario(
                id: "m",
                title: "replay: a recording checked record by record (per record)",
                actionsPerRepetition: 99_999,
                subject: Workload("ActionReplay, one recording", key: "replay_one") { count in
                    await ReplayWorkloads.replay(count, inPieces: 1)
                },
                baseline: Workload("store, the same actions, nothing compared", key: "store") { count in
                    ReplayWorkloads.dispatch(count)
                },
                references: [
                    Workload("ActionReplay, ten recordings of a tenth", key: "replay_tenths") { count in
                        await ReplayWorkloads.replay(count, inPieces: 10)
                    }
                ],
                budgets: []
            )
        )
    }
}

/// `twice` sends two increments from its effect: each outside record sets off two.
enum ReplayAction: Sendable {
    case twice
    case increment
}

private struct TwiceMiddleware: Middleware {
    func handle(action: ReplayAction, from source: ActionSource, state: GetState<Int>) -> Effect<ReplayAction> {
        guard case .twice = action else { return .none }
        return .merge(.send(.increment), .send(.increment))
    }
}

@MainActor
private enum ReplayWorkloads {
    static let reducer = Reducer<ReplayAction, Int>.reduce { action, count in
        if case .increment = action { count &+= 1 }
    }

    static let decoding = ActionReplay.Decoding<ReplayAction>.matchingDescriptions(of: [.twice])

    /// Recordings by size, made once each by the real recorder: `count` records, a third of
    /// them outside actions.
    static var recordings: [Int: [ActionRecord]] = [:]

    static func records(_ count: Int) -> [ActionRecord] {
        if let records = recordings[count] { return records }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-replay-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Bounds as large as the recording: every action recorded, with its state change.
        guard
            let writer = try? RecordingWriter(
                path: path,
                maximumFileSize: 1 << 30,
                maximumBacklog: count,
                maximumStateBacklog: count
            )
        else { fatalError("cannot create \(path)") }
        let store = Store(
            initialState: 0,
            reducer: reducer,
            middleware: RecorderMiddleware<ReplayAction, Int>(writer: writer) <> TwiceMiddleware()
        )
        for _ in 0..<(count / 3) { store.dispatch(.twice) }
        guard writer.flush(timeout: .seconds(600)), let recording = try? ActionRecording(contentsOf: path),
            recording.records.count == count / 3 * 3, recording.sessions.allSatisfy(\.gaps.isEmpty)
        else { fatalError("cannot record \(count) records to \(path)") }
        recordings[count] = recording.records
        return recording.records
    }

    /// Replays `count` records as `pieces` recordings of `count / pieces` records each.
    static func replay(_ count: Int, inPieces pieces: Int) async -> Sample {
        let piece = records(count / pieces / 3 * 3)
        return await measureAsync {
            for _ in 0..<pieces {
                let divergence = await ActionReplay.replay(
                    ActionRecording(records: piece),
                    initialState: 0,
                    reducer: reducer,
                    middleware: TwiceMiddleware(),
                    decoding: decoding
                )
                if divergence != nil { fatalError("the replay diverged: \(divergence!)") }
            }
        }
    }

    /// The same actions through a store, nothing compared.
    static func dispatch(_ count: Int) -> Sample {
        let store = Store(initialState: 0, reducer: reducer, middleware: TwiceMiddleware())
        let sample = measure {
            for _ in 0..<(count / 3) { store.dispatch(.twice) }
        }
        blackHole(store.state)
        return sample
    }
}
