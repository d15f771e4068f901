import AqueductTesting
import CheckIn
import CheckInClient
import CheckInTestSupport
import Testing

/// The check-in client's test set: an endpoint the test does not provide fails the test, naming
/// the client and the endpoint, instead of answering with a default; those it provides answer.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct CheckInTestSetTests {
    @Test func anEndpointTheTestDidNotProvideFailsNamingIt() async {
        let tester = MiddlewareTester(CheckInMiddleware(client: .test(), clock: TestClock()), state: CheckInState())
        var sent: [CheckInAction] = []
        await withKnownIssue {
            sent = await tester.handle(.checkIn).map(\.action)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "CheckInClient.checkIn is unimplemented, and the test called it: "
                        + "give the test a client that implements it."
                )
        }
        let unimplemented = CheckInError.misconfigured("CheckInClient.checkIn is unimplemented in this test")
        #expect(sent == [.failed(operation: .checkIn, error: unimplemented)])
    }

    @Test func theEndpointsTheTestProvidesAnswer() async {
        let checkIn = CheckIn(id: checkInID(0), date: start)
        let client = CheckInClient.test(checkIn: { _, _ throws(CheckInError) in checkIn })
        let tester = MiddlewareTester(
            CheckInMiddleware(client: client, clock: TestClock(), now: { start }),
            state: CheckInState()
        )
        #expect(await tester.handle(.checkIn).map(\.action) == [.checkedIn(checkIn)])
    }

    /// A sync pushes, then counts what is left: each endpoint it calls fails, naming itself.
    @Test func theSyncCapabilitysTestSetNamesEachEndpointItsFeatureCalls() async {
        let tester = MiddlewareTester(
            CheckInMiddleware(client: .test(), sync: .test(), clock: TestClock()),
            state: CheckInState()
        )
        await withKnownIssue {
            _ = await tester.handle(.sync)
        } matching: { issue in
            issue.isFailure
                && (issue.description.contains("CheckInSync.sync is unimplemented, and the test called it")
                    || issue.description.contains("CheckInSync.pendingCount is unimplemented, and the test called it"))
        }
    }
}
