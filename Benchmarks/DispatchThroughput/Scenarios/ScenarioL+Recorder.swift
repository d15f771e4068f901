import Aqueduct
import AqueductRecording
import Foundation

extension Scenarios {
    /// l. The counter with a ``RecorderMiddleware`` writing every action to a file: what
    /// recording a session costs per action.
    ///
    /// The subject times the dispatches only (the main actor's share: the record, two clock
    /// readings, the hand-over), and counts the main thread's allocations (and, under the
    /// instruction gate, instructions) only, so that the writer working beside it on the second
    /// core does not count; a reference also waits, inside the timed batch, until the
    /// writer has built and written every record (the diff, the encoding, `write(2)`), which
    /// runs on the writer's queue. The baseline is scenario a's store without the recorder, so
    /// the ratio minus one is the recorder's overhead. The counter's writer holds the states of
    /// every action of a repetition (`maximumStateBacklog`), so that every record is built
    /// with its diff, as before the bound.
    ///
    /// The large-state rows are a recorder under a burst: a 20,000-element state, 200 elements
    /// changed by each action, with the writer's default bounds — once 16 records with states
    /// wait, the recorder stops reading the state (no copy of it), and the writer catches up;
    /// then beside the same store without a recorder.
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
                    RecorderWorkloads.unrecorded(count)
                },
                references: [
                    // Until written: the writer's thread does the work, so every thread is counted.
                    Workload("Aqueduct + recorder, until written", key: "recorder_written", allocationThreads: .every) {
                        count in
                        RecorderWorkloads.recorded(count, waitingForTheFile: true)
                    },
                    Workload("20,000-element state, 200 changed an action, no recorder", key: "large_no_recorder") {
                        count in
                        LargeStateWorkloads.run(count, recording: false, waitingForTheFile: false)
                    },
                    Workload("20,000-element state + recorder, dispatch only", key: "large_recorder_dispatch") {
                        count in
                        LargeStateWorkloads.run(count, recording: true, waitingForTheFile: false)
                    },
                    Workload(
                        "20,000-element state + recorder, until written",
                        key: "large_recorder_written",
                        allocationThreads: .every
                    ) { count in
                        LargeStateWorkloads.run(count, recording: true, waitingForTheFile: true)
                    },
                    Workload("one action every 20 µs, no recorder", key: "apart_no_recorder") { count in
                        RecorderWorkloads.apart(count, recording: false)
                    },
                    Workload(
                        "one action every 20 µs + recorder, dispatch only",
                        key: "apart_recorder_dispatch",
                        comparedWith: "apart_no_recorder"
                    ) { count in
                        RecorderWorkloads.apart(count, recording: true)
                    },
                ],
                budgets: []
            )
        )
    }
}

@MainActor
private enum RecorderWorkloads {
    /// Scenario a's store processes `count` increments, measured on this thread alone like the
    /// dispatch-only rows: the previous workload's writer, finishing on its own thread, is not
    /// counted in the baseline.
    static func unrecorded(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let store = Store(initialState: 0, reducer: counterReducer)
        let sample = measureThisThread {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    /// A fresh store with a recorder on a fresh file (at most 8 MiB, no rotated files kept, so
    /// the disk use is bounded) processes `count` increments.
    static func recorded(_ count: Int, waitingForTheFile: Bool) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard
            let writer = try? RecordingWriter(
                path: path,
                maximumFileSize: 8 << 20,
                rotatedFiles: 0,
                maximumStateBacklog: count
            )
        else { fatalError("cannot create \(path)") }
        let recorder = RecorderMiddleware<CounterAction, Int>(writer: writer)
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder)
        let sample =
            waitingForTheFile
            ? measure {
                for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
                recorder.writer.flush()
            }
            : measureThisThread {
                for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
            }
        recorder.writer.flush()
        blackHole(store.state)
        return sample
    }

    /// Scenario a's store, with or without a recorder, processes `count` increments 20 µs
    /// apart, as an app's actions come: the writer has written each record before the next
    /// action, so this is what the main actor pays when the writer is not in the middle of a
    /// burst (waking it, when it had stopped, would be several microseconds).
    static func apart(_ count: Int, recording: Bool) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-apart-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let writer = try? RecordingWriter(path: path, maximumFileSize: 8 << 20, rotatedFiles: 0) else {
            fatalError("cannot create \(path)")
        }
        let store =
            recording
            ? Store(
                initialState: 0,
                reducer: counterReducer,
                middleware: RecorderMiddleware<CounterAction, Int>(writer: writer)
            )
            : Store(initialState: 0, reducer: counterReducer)
        let sample = measureApart(count, pause: 20_000) { index in store.dispatch(actions[index & cycleMask]) }
        writer.flush()
        blackHole(store.state)
        return sample
    }
}

/// A state of 20,000 numbers; each action adds one to 200 of them, a different 200 each time.
struct LargeState: Sendable {
    var values = [Int](repeating: 0, count: 20_000)
}

@MainActor
private enum LargeStateWorkloads {
    static let reducer = Reducer<Int, LargeState>.reduce { offset, state in
        for index in 0..<200 { state.values[(offset &* 200 &+ index) % 20_000] &+= 1 }
    }

    /// A fresh store, with or without a recorder, processes `count` actions. The writer holds
    /// the states of at most 16 waiting records, as the recorder's documentation advises for a
    /// large state: each one makes the reducer's next write copy the array.
    static func run(_ count: Int, recording: Bool, waitingForTheFile: Bool) -> Sample {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-large-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var writer: RecordingWriter?
        if recording {
            guard
                let opened = try? RecordingWriter(
                    path: path,
                    maximumFileSize: 64 << 20,
                    rotatedFiles: 0,
                    maximumStateBacklog: 16
                )
            else {
                fatalError("cannot create \(path)")
            }
            writer = opened
        }
        let store =
            if let writer {
                Store(
                    initialState: LargeState(),
                    reducer: reducer,
                    middleware: RecorderMiddleware<Int, LargeState>(writer: writer)
                )
            } else {
                Store(initialState: LargeState(), reducer: reducer)
            }
        let sample =
            waitingForTheFile
            ? measure {
                for index in 0..<count { store.dispatch(index) }
                writer?.flush(timeout: .seconds(600))
            }
            : measureThisThread {
                for index in 0..<count { store.dispatch(index) }
            }
        writer?.flush(timeout: .seconds(600))
        blackHole(store.state)
        return sample
    }
}
