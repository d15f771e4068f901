import Aqueduct
import AqueductRecording
import AqueductTesting
import Foundation
import Testing

/// Replay against recordings made by the real recorder: a session replays; a different cause,
/// an action more or fewer, another session and a gap are divergences that fail the test.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ActionReplayTests {
    static let decoding = ActionReplay.Decoding<CounterAction>.matchingDescriptions(
        of: [.increment, .set(12), .set(3), .incrementTwice]
    )

    /// Records `actions` sent to a counter store with the counter middleware, and reads the file.
    static func record(_ actions: [CounterAction]) throws -> ActionRecording {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("ActionReplayTests-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try RecorderMiddleware<CounterAction, CounterState>(path: path)
        let store = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: recorder <> CounterMiddleware()
        )
        for action in actions { store.dispatch(action) }
        #expect(recorder.writer.flush(timeout: .seconds(3_600)))  // bounded by the suite's time limit
        return try ActionRecording(contentsOf: path)
    }

    static func replay(_ recording: ActionRecording) async -> ActionReplay.Divergence? {
        await ActionReplay.replay(
            recording,
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: CounterMiddleware(),
            decoding: decoding
        )
    }

    /// The recording with `change` applied to its records.
    static func editing(_ recording: ActionRecording, _ change: (inout [ActionRecord]) -> Void) -> ActionRecording {
        var records = recording.records
        change(&records)
        return ActionRecording(records: records)
    }

    @Test func aRecordedSessionReplays() async throws {
        let recording = try Self.record([.set(12), .incrementTwice, .set(3)])
        // set(12) → clamped(10) sent by its effect; incrementTwice → two increments.
        #expect(recording.records.count == 6)
        #expect(recording.records[1].cause == ActionCause(seq: 0, kind: .sentByEffect))
        #expect(await Self.replay(recording) == nil)
    }

    /// An app with only a reducer records when asked — its middleware chosen at run time, one
    /// store built either way — and its recording replays with the middleware that does nothing.
    @Test func aReducerOnlyAppRecordsWhenAskedAndReplaysWithTheMiddlewareThatDoesNothing() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("ActionReplayTests-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try RecorderMiddleware<CounterAction, CounterState>(path: path)
        for isRecording in [true, false] {
            let middleware: any Middleware<CounterAction, CounterAction, CounterState> =
                isRecording ? recorder : IdentityMiddleware()
            let store = Store(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
            store.dispatch(.set(12))
            store.dispatch(.increment)
            #expect(store.state.count == 13)  // no clamping: no middleware
        }
        #expect(recorder.writer.flush(timeout: .seconds(3_600)))  // bounded by the suite's time limit
        let recording = try ActionRecording(contentsOf: path)
        #expect(recording.sessions.count == 1)
        #expect(recording.records.map(\.action.description) == ["set(12)", "increment"])
        let divergence = await ActionReplay.replay(
            recording,
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: IdentityMiddleware(),
            decoding: .matchingDescriptions(of: [.set(12), .increment])
        )
        #expect(divergence == nil)
    }

    /// The same recording against the app as a `Feature`: its reducer and middleware replay it;
    /// a feature written as one function runs too, and one whose effects send nothing diverges
    /// where the recorded effect's action is missing.
    @Test func aFeatureReplaysLikeItsReducerAndMiddleware() async throws {
        let recording = try Self.record([.set(12), .incrementTwice, .set(3)])
        let divergence = await ActionReplay.replay(
            recording,
            initialState: CounterState(),
            feature: Feature(reducer: counterReducer, middleware: CounterMiddleware()),
            decoding: Self.decoding
        )
        #expect(divergence == nil)
        var withoutEffects: ActionReplay.Divergence?
        await withKnownIssue {
            withoutEffects = await ActionReplay.replay(
                recording,
                initialState: CounterState(),
                feature: Feature<CounterAction, CounterState>.reduce { action, state in
                    counterReducer(action, &state)
                    return .none
                },
                decoding: Self.decoding
            )
        } matching: { issue in
            issue.isFailure && issue.description.contains("Replay diverged at record #1")
        }
        #expect(withoutEffects?.seq == 1)
    }

    @Test func aDifferentCauseIsADivergence() async throws {
        let recorded = try Self.record([.set(12), .incrementTwice])
        let recording = Self.editing(recorded) { records in
            records[1].cause = ActionCause(seq: 0, kind: .dispatchedDuring)
        }
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await Self.replay(recording)
        } matching: { issue in
            issue.isFailure && issue.description.contains("Replay diverged at record #1 (a different cause)")
        }
        #expect(divergence?.seq == 1)
        #expect(divergence?.description.contains("expected: clamped(10), dispatched-during #0") == true)
        #expect(divergence?.description.contains("actual:   clamped(10), sent-by-effect #0") == true)
    }

    @Test func aCauseOfAnotherActionIsADivergence() async throws {
        let recorded = try Self.record([.set(3), .incrementTwice])
        let recording = Self.editing(recorded) { records in
            records[3].cause = ActionCause(seq: 0, kind: .sentByEffect)
        }
        await withKnownIssue {
            #expect(await Self.replay(recording)?.seq == 3)
        } matching: { issue in
            issue.isFailure && issue.description.contains("(a different cause)")
        }
    }

    @Test func oneExtraTrailingActionIsADivergence() async throws {
        // The recording ends one increment early: the replay processes one more.
        let recorded = try Self.record([.set(3), .incrementTwice])
        let recording = Self.editing(recorded) { records in records.removeLast() }
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await Self.replay(recording)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("Replay diverged after the last record #2: the replay processed more.")
                && issue.description.contains("actual: increment, sent-by-effect #1")
        }
        #expect(divergence?.seq == 3)
    }

    @Test func aMissingActionIsADivergence() async throws {
        let recorded = try Self.record([.set(3)])
        let recording = Self.editing(recorded) { records in
            var extra = records[0]
            extra.seq = 1
            extra.cause = ActionCause(seq: 0, kind: .sentByEffect)
            records.append(extra)
        }
        await withKnownIssue {
            #expect(await Self.replay(recording)?.seq == 1)
        } matching: { issue in
            issue.isFailure && issue.description.contains("the recording has an action the replay did not process")
        }
    }

    @Test func eachSessionReplaysIntoItsOwnStoreAndADivergenceNamesItsSession() async throws {
        let first = try Self.record([.set(12)])
        let second = try Self.record([.incrementTwice])
        let both = ActionRecording(sessions: first.sessions + second.sessions)
        #expect(both.sessions.count == 2)
        #expect(await Self.replay(both) == nil)

        var broken = second.sessions
        broken[0].records[1].cause = ActionCause(seq: 0, kind: .bridgedFrom)
        await withKnownIssue {
            let divergence = await Self.replay(ActionRecording(sessions: first.sessions + broken))
            #expect(divergence?.session == 1)
        } matching: { issue in
            issue.isFailure && issue.description.contains("In session 2 of 2: Replay diverged at record #1")
        }
    }

    @Test func aGapIsReportedAfterTheRecordsBeforeItMatch() async throws {
        var session = try Self.record([.set(12), .incrementTwice]).sessions[0]
        session.gaps = [
            ActionRecording.Gap(
                droppedCount: 40,
                firstSeq: 5,
                lastSeq: 44,
                reason: "the writer was 65536 records behind",
                time: Date(),
                position: 2
            )
        ]
        await withKnownIssue {
            #expect(await Self.replay(ActionRecording(sessions: [session]))?.seq == 5)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Replay cannot go past the gap after record #1: the recorder dropped 40 actions (#5…#44): "
                        + "the writer was 65536 records behind. The 2 records before it match."
                )
        }
    }

    @Test func aRecordWhoseStatesWereNotComparedIsCheckedForItsActionAndCause() async throws {
        let recording = Self.editing(try Self.record([.set(12)])) { records in
            records[0].changes = []
            records[0].changesSkipped = true
        }
        #expect(await Self.replay(recording) == nil)
    }

    /// Hundreds of records, each compared once and let go, in order. The cost per record, and
    /// that it does not grow with the recording, is measured by `Benchmarks/` (scenario m), not
    /// here: the replay runs on the main actor, which every test of the run shares.
    @Test func aLongRecordingReplays() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("ActionReplayTests-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try RecorderMiddleware<CounterAction, Int>(path: path)
        let store = Store(initialState: 0, reducer: Self.tally, middleware: recorder <> Twice())
        for _ in 0..<100 { store.dispatch(.incrementTwice) }
        #expect(recorder.writer.flush(timeout: .seconds(3_600)))  // bounded by the suite's time limit
        let recording = try ActionRecording(contentsOf: path)
        #expect(recording.records.count == 300)
        let divergence = await ActionReplay.replay(
            recording,
            initialState: 0,
            reducer: Self.tally,
            middleware: Twice(),
            decoding: Self.decoding
        )
        #expect(divergence == nil)
    }

    static let tally = Reducer<CounterAction, Int>.reduce { action, count in
        if case .increment = action { count += 1 }
    }

    /// `incrementTwice` sends two increments.
    struct Twice: Middleware {
        func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
            guard case .incrementTwice = action else { return .none }
            return .merge(.send(.increment), .send(.increment))
        }
    }

    // MARK: Effects that take time

    /// The recording of a chain (`first` at most 10, which the recording's middleware would
    /// clamp): the outside `set(first)`, then `set(first - 1)` … `set(0)`, each
    /// sent by an effect of the one before (recorded from a synchronous store, causes edited
    /// in).
    static func chain(from first: Int) throws -> ActionRecording {
        let recorded = try record((0...first).reversed().map { .set($0) })
        return editing(recorded) { records in
            for index in records.indices.dropFirst() {
                records[index].cause = ActionCause(seq: records[index - 1].seq, kind: .sentByEffect)
            }
        }
    }

    /// `set(n)` with n > 0 waits `delay` on `clock`, then sends `set(n - 1)`.
    struct Countdown<C: Clock<Duration>>: Middleware {
        let clock: C
        let delay: Duration

        func handle(
            action: CounterAction,
            from source: ActionSource,
            state: GetState<CounterState>
        ) -> Effect<CounterAction> {
            guard case .set(let value) = action, value > 0 else { return .none }
            return .run { [clock, delay] send in
                do { try await clock.sleep(for: delay) } catch { return }
                send(.set(value - 1))
            }
        }
    }

    static func replay<C: Clock<Duration>>(
        _ recording: ActionRecording,
        clock: C,
        delay: Duration,
        timeout: Duration
    ) async -> ActionReplay.Divergence? {
        await ActionReplay.replay(
            recording,
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: Countdown(clock: clock, delay: delay),
            decoding: .matchingDescriptions(of: [.set(10), .set(3)]),
            timeout: timeout
        )
    }

    @Test func timersReplayAtOnceOnAnImmediateClock() async throws {
        // Three hour-long timers: in real time, or on a clock nobody advances, the suite's time
        // limit would end the test long before the replay.
        let recording = try Self.chain(from: 3)
        #expect(recording.records.count == 4)
        let clock = TestClock.immediate()
        #expect(await Self.replay(recording, clock: clock, delay: .seconds(3_600), timeout: .seconds(30)) == nil)
        #expect(clock.now == TestClock.Instant(offset: .seconds(3 * 3_600)))
    }

    @Test func aReplayWhoseTimeRunsOutSaysSo() async throws {
        // The effect sleeps on a clock nobody advances: the replay waits `timeout` for set(2).
        let recording = try Self.chain(from: 3)
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await Self.replay(
                recording,
                clock: TestClock(),
                delay: .seconds(1),
                timeout: .milliseconds(200)
            )
        } matching: { issue in
            issue.isFailure && issue.description.contains("Time ran out")
        }
        #expect(divergence?.seq == 1)
        #expect(divergence?.description.contains("none sent an action for 0.2 seconds (`timeout:`)") == true)
        #expect(divergence?.description.contains("TestClock.immediate()") == true)
    }

    @Test func aMissingActionWithNothingRunningDoesNotBlameTime() async throws {
        // No effect runs after set(0): the missing record is not a matter of time.
        let recording = Self.editing(try Self.chain(from: 3)) { records in
            var extra = records[records.count - 1]
            extra.seq += 1
            extra.cause = ActionCause(seq: extra.seq - 1, kind: .sentByEffect)
            records.append(extra)
        }
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await Self.replay(recording, clock: TestClock.immediate(), delay: .zero, timeout: .seconds(30))
        } matching: { issue in
            issue.isFailure && issue.description.contains("the recording has an action the replay did not process")
        }
        #expect(divergence?.description.contains("Time ran out") == false)
    }

    @Test func theTimeoutBoundsEachNextActionNotTheWholeChain() async throws {
        // Ten effects in a chain, each answering after 180 ms of real time: 1.8 s in all,
        // longer than the 1.5 s timeout, which each step stays well inside.
        let recording = try Self.chain(from: 10)
        let divergence = await Self.replay(
            recording,
            clock: ContinuousClock(),
            delay: .milliseconds(180),
            timeout: .milliseconds(1_500)
        )
        #expect(divergence == nil)
    }
}
