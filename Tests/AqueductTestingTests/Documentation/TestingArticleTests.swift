import Aqueduct
import AqueductTesting
import Testing

// The feature and tests of the DocC article "Testing" (Sources/Aqueduct/Aqueduct.docc/Testing.md),
// compiled and run so that the article cannot rot. Keep the two in step.

struct CheckIn: Equatable, Sendable {
    var id: Int
}

enum CheckInError: Error, Equatable {
    case offline
    case unauthorized
}

enum CheckInAction: Sendable {
    case checkInTapped
    case succeeded(CheckIn)
    case failed(CheckInError)
    case deadlinePassed

    var succeeded: CheckIn? {
        if case .succeeded(let checkIn) = self { return checkIn }
        return nil
    }

    var failed: CheckInError? {
        if case .failed(let error) = self { return error }
        return nil
    }

    var deadlinePassed: Void? {
        if case .deadlinePassed = self { return () }
        return nil
    }
}

struct CheckInState: Equatable, Sendable {
    var isSending = false
    var history: [CheckIn] = []
    var isOverdue = false
    var error: CheckInError?
}

let checkInReducer = Reducer<CheckInAction, CheckInState>.reduce { action, state in
    switch action {
    case .checkInTapped:
        state.isSending = true
        state.error = nil
    case .succeeded(let checkIn):
        state.isSending = false
        state.isOverdue = false
        state.history.append(checkIn)
    case .failed(let error):
        state.isSending = false
        state.error = error
    case .deadlinePassed:
        state.isOverdue = true
    }
}

/// The middleware client: what the feature needs from the outside world, in domain terms.
struct CheckInClient: Sendable {
    var checkIn: @Sendable () async throws(CheckInError) -> CheckIn
}

/// Client doubles: a test passes in exactly the answers it needs.
extension CheckInClient {
    static func succeeding(_ checkIn: CheckIn) -> CheckInClient {
        CheckInClient { checkIn }
    }

    static func failing(_ error: CheckInError) -> CheckInClient {
        CheckInClient { () async throws(CheckInError) -> CheckIn in throw error }
    }
}

struct CheckInMiddleware<C: Clock<Duration>>: Middleware {
    let client: CheckInClient
    let clock: C
    var interval: Duration = .seconds(24 * 60 * 60)

    func handle(
        action: CheckInAction,
        from source: ActionSource,
        state: GetState<CheckInState>
    ) -> Effect<CheckInAction> {
        switch action {
        case .checkInTapped:
            return .run { [client] send in
                do throws(CheckInError) {
                    send(.succeeded(try await client.checkIn()))
                } catch {
                    send(.failed(error))
                }
            }
        case .succeeded:
            return .run { [clock, interval] send in
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                send(.deadlinePassed)
            }
            .cancellable(id: "deadline", cancelInFlight: true)
        case .failed, .deadlinePassed:
            return .none
        }
    }
}

@MainActor
@Suite struct TestingArticleTests {
    @Test func checkingInRecordsItAndStartsTheDeadline() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: CheckInState(),
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: .succeeding(CheckIn(id: 1)), clock: clock)
        )

        await store.send(.checkInTapped) { $0.isSending = true }
        await store.receive(\.succeeded) {
            $0.isSending = false
            $0.history = [CheckIn(id: 1)]
        }
        await clock.advance(by: .seconds(24 * 60 * 60))
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        await store.finish()
    }

    @Test func aFailedCheckInShowsTheError() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: .failing(.offline), clock: TestClock())
        )

        await store.send(.checkInTapped) { $0.isSending = true }
        await store.receive(\.failed, .offline) {
            $0.isSending = false
            $0.error = .offline
        }
        await store.finish()
    }

    @Test func anIntegrationTestChecksOnlyWhatItCaresAbout() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: CheckInState(),
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: .succeeding(CheckIn(id: 7)), clock: clock)
        )
        store.exhaustivity = .off

        await store.send(.checkInTapped)
        await store.receive(\.succeeded) { $0.history = [CheckIn(id: 7)] }
        await store.finish()  // the deadline timer is still running: cancelled, not a failure
    }

    @Test func aSendsEffectsCanBeAwaitedAndCancelled() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: CheckInState(),
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: .succeeding(CheckIn(id: 1)), clock: clock)
        )

        let checkIn = await store.send(.checkInTapped) { $0.isSending = true }
        await checkIn.finish()  // the call to the client has returned
        let succeeded = await store.receive(\.succeeded) {
            $0.isSending = false
            $0.history = [CheckIn(id: 1)]
        }
        #expect(succeeded != nil)
        // The deadline was started by `.succeeded`, a received action: not `checkIn`'s effect.
        #expect(!checkIn.isCancelled)
        #expect(clock.sleeperCount == 1)
        await store.skipInFlightEffects()
        await store.finish()
    }

    @Test func skippedAssertionsCanBeShownAsInformation() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: .succeeding(CheckIn(id: 7)), clock: TestClock())
        )
        store.exhaustivity = .off(showSkippedAssertions: true)

        await withKnownIssue {
            await store.send(.checkInTapped)
            await store.receive(\.succeeded) { $0.history = [CheckIn(id: 7)] }
            await store.finish()
        } matching: { issue in
            issue.severity == .warning
        }
    }

    @Test func theMiddlewareAloneSendsWhatTheClientAnswers() async {
        let tester = MiddlewareTester(
            CheckInMiddleware(client: .failing(.unauthorized), clock: TestClock()),
            state: CheckInState()
        )

        let sent = await tester.handle(.checkInTapped)
        #expect(sent.map(\.description) == ["failed(CheckInError.unauthorized)"])
        #expect(sent[0].source.info == "Sent by an effect of checkInTapped")
    }
}
