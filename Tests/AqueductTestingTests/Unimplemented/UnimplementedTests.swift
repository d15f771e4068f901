import Aqueduct
import AqueductTesting
import Testing

/// A client with one endpoint of each kind the helper must fit: arguments and an `async`
/// result, typed throws, `Void`.
private struct GreetingClient: Sendable {
    var greet: @Sendable (_ name: String, _ times: Int) async -> String
    var lookUp: @Sendable (_ id: Int) async throws(LookupError) -> String
    var forget: @Sendable () -> Void
}

private enum LookupError: Error, Equatable {
    case unavailable
}

/// The line of each `unimplemented` call below, where its failure points.
private let greetLine = #line + 5
private let lookUpLine = #line + 8
private let forgetLine = #line + 10
private let unimplementedGreetings = GreetingClient(
    greet: { _, _ in
        unimplemented(GreetingClient.self, "greet")
        return "placeholder"
    },
    lookUp: { _ throws(LookupError) in
        unimplemented(GreetingClient.self, "lookUp")
        throw .unavailable
    },
    forget: { unimplemented(GreetingClient.self, "forget") }
)

private let searchLine = #line + 3
extension SearchClient {
    fileprivate static let test = SearchClient { _ in
        unimplemented(SearchClient.self, "search")
        throw SearchFailure(reason: "unimplemented")
    }
}

/// An unimplemented endpoint fails the test that calls it — as a failure, not a warning — with
/// a message naming the client and the endpoint, at the line of the `unimplemented` call; then
/// it answers what the endpoint chose.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct UnimplementedTests {
    private nonisolated static func isUnimplemented(_ issue: Issue, _ name: String, line: Int) -> Bool {
        issue.isFailure
            && issue.description.contains(
                "\(name) is unimplemented, and the test called it: give the test a client that implements it."
            )
            && issue.sourceLocation?.line == line
            && issue.sourceLocation?.fileID == "AqueductTestingTests/UnimplementedTests.swift"
    }

    @Test func anEndpointTheTestCallsFailsNamingTheClientAndTheEndpoint() async {
        var answer = ""
        await withKnownIssue {
            answer = await unimplementedGreetings.greet("Ada", 2)
        } matching: { issue in
            Self.isUnimplemented(issue, "GreetingClient.greet", line: greetLine)
        }
        #expect(answer == "placeholder")
    }

    @Test func aThrowingEndpointThrowsItsErrorAfterFailing() async {
        var thrown: LookupError?
        await withKnownIssue {
            do throws(LookupError) {
                _ = try await unimplementedGreetings.lookUp(7)
            } catch {
                thrown = error
            }
        } matching: { issue in
            Self.isUnimplemented(issue, "GreetingClient.lookUp", line: lookUpLine)
        }
        #expect(thrown == .unavailable)
    }

    @Test func everyCallFails() {
        let failures = Log<String>()
        withKnownIssue {
            unimplementedGreetings.forget()
            unimplementedGreetings.forget()
        } matching: { issue in
            guard Self.isUnimplemented(issue, "GreetingClient.forget", line: forgetLine) else { return false }
            failures.append(issue.description)
            return true
        }
        #expect(failures.all.count == 2)
    }

    /// An effect runs on the test store's scheduler, in a task that knows no test: the step
    /// that ran it (here the clock's advance) reports the failure in the test.
    @Test func anEndpointAnEffectCallsFailsTheStepThatRanIt() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .test, clock: clock)
        )
        await store.dispatch(.queryChanged("milk")) {
            $0.query = "milk"
            $0.isLoading = true
        }
        await withKnownIssue {
            await clock.advance(by: .milliseconds(300))
        } matching: { issue in
            Self.isUnimplemented(issue, "SearchClient.search", line: searchLine)
        }
        await store.receive(\.failed) {
            $0.isLoading = false
            $0.error = "SearchFailure(reason: \"unimplemented\")"
        }
        await store.finish()
    }

    /// Without the call, nothing is recorded: the failure is the call's, not the value's.
    @Test func anEndpointNobodyCallsRecordsNothing() async {
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .test, clock: TestClock())
        )
        await store.dispatch(.cancel)
        await store.finish()
    }
}
