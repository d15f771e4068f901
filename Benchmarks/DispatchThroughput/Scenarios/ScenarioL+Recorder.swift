import Aqueduct
import Foundation

extension Scenarios {
    /// l. The counter with a ``RecorderMiddleware`` writing every action to a file: what
    /// recording a session costs per action.
    ///
    /// The subject times the dispatches only (the main actor's share: the effect, two clock
    /// readings, the hand-over); a reference also waits, inside the timed batch, until the
    /// writer has built and written every record (the diff, the encoding, `write(2)`), which
    /// runs on the writer's queue. The baseline is scenario a's store without the recorder, so
    /// the ratio minus one is the recorder's overhead.
    static var l: ScenarioSlot {
        .ready(
            Scenario(
                id: "l",
                title: "recorder middleware writes each action to a file",
                actionsPerRepetition: 20_000,
                subject: Workload("Aqueduct + recorder, dispatch only", key: "recorder_dispatch") { count in
                    RecorderWorkloads.recorded(count, waitingForTheFile: false)
                },
                baseline: Workload("Aqueduct, no recorder", key: "no_recorder") { count in
                    CounterWorkloads.aqueduct(count)
                },
                references: [
                    Workload("Aqueduct + recorder, until written", key: "recorder_written") { count in
                        RecorderWorkloads.recorded(count, waitingForTheFile: true)
                    }
                ],
                budgets: []
            )
        )
    }
}

@MainActor
private enum RecorderWorkloads {
    /// A fresh store with a recorder on a fresh file (at most 8 MiB, no rotated files kept, so
    /// the disk use is bounded) processes `count` increments.
    static func recorded(_ count: Int, waitingForTheFile: Bool) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard
            let recorder = try? RecorderMiddleware<CounterAction, Int>(
                path: path,
                maximumFileSize: 8 << 20,
                rotatedFiles: 0
            )
        else { fatalError("cannot create \(path)") }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder)
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
            if waitingForTheFile { recorder.writer.flush() }
        }
        recorder.writer.flush()
        blackHole(store.state)
        return sample
    }
}
