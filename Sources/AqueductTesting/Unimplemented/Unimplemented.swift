/// Fails the running test, naming a middleware client and its endpoint: the first line of each
/// endpoint of a client's `test` set.
///
/// Build a client's `test` value from endpoints that call it, so that a test that forgets to
/// provide an endpoint its feature calls fails and says which one, instead of quietly getting a
/// default answer. A test passes the endpoints it expects to be called:
///
/// ```swift
/// extension CheckInClient {
/// // …
///     public static func test(
///         checkIn: @escaping @Sendable (_ date: Date, _ idempotencyKey: UUID) async throws(CheckInError) -> CheckIn = {
///             _,
///             _ throws(CheckInError) in
///             unimplemented(CheckInClient.self, "checkIn")
///             throw .misconfigured("CheckInClient.checkIn is unimplemented in this test")
///         },
/// // …
///     ) -> CheckInClient {
/// ```
///
/// ```swift
/// let client = CheckInClient.test(checkIn: { _, _ throws(CheckInError) in checkIn })
/// ```
///
/// It records a failure — a Swift Testing issue, or an `XCTFail` under XCTest — whose message
/// names `client` and `endpoint`, at the line that called it; the endpoint then returns (or
/// throws) whatever it chooses, so that the code under test goes on and the test reports
/// everything else that happens:
///
/// ```text
/// CheckInClient.history is unimplemented, and the test called it: give the test a client that implements it.
/// ```
///
/// Called from the test itself, or from a middleware's `handle` during a `TestStore` step, the
/// failure is recorded at once. Called from an effect running on a ``TestScheduler`` (every
/// effect of a ``TestStore`` or a ``MiddlewareTester``, and of a store given a scheduler), it is
/// recorded when the test step that ran the effect returns, in the test that awaited that step —
/// so `withKnownIssue` around the step sees it. An effect of a store without a test scheduler
/// runs in a task that knows no test: under XCTest its call is an `XCTFail` like any other;
/// under Swift Testing, give that store a ``TestScheduler`` so the failure reaches the test.
///
/// Callable from any isolation, any number of times: each call records a failure.
///
/// - Parameters:
///   - client: The client's type, named in the message.
///   - endpoint: The endpoint's name, as the client spells it.
///   - fileID: The file ID the failure points at; the caller's by default.
///   - filePath: The file path the failure points at; the caller's by default.
///   - line: The line the failure points at; the caller's by default.
///   - column: The column the failure points at; the caller's by default.
public func unimplemented(
    _ client: Any.Type,
    _ endpoint: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    UnimplementedEndpoint.report(
        "\(client).\(endpoint)",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
}

/// Where an unimplemented endpoint's failure goes.
enum UnimplementedEndpoint {
    static func message(_ name: String) -> String {
        "\(name) is unimplemented, and the test called it: give the test a client that implements it."
    }

    /// Records the failure now, or — in an effect on a test scheduler, whose detached task
    /// knows no test — hands it to the scheduler, whose step reports it in the test's task.
    static func report(_ name: String, at site: CallSite) {
        if let scheduler = TestSchedulerCore.current {
            scheduler.deferFailure(message(name), at: site)
        } else {
            FailureReporter.record(message(name), at: site)
        }
    }
}
