/// How much a ``TestStore`` insists on: everything, or only what the test asserts.
///
/// ```swift
/// let store = TestStore(
///     initialState: CheckInState(),
///     reducer: CheckInState.reducer,
///     middleware: CheckInMiddleware(client: .double(), clock: TestClock(), now: { start })
/// )
/// store.exhaustivity = .off
///
/// await store.dispatch(.checkIn)
/// await store.receive(\.checkedIn) { $0.history = [CheckIn(id: checkInID(0), date: start)] }
/// await store.finish()  // the deadline is still scheduled: cancelled, not a failure
/// ```
///
/// `.off(showSkippedAssertions: true)` checks as little, and reports what it skipped.
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change must be asserted, every action the store receives from effects must
    /// be received with ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)-(CaseKeyPath<Action,Value>,_,_,_,_,_,_)``,
    /// and no effect may still be running when the test ends. The default.
    case on

    /// Only what the test asserts is checked. A state assertion checks the fields it sets;
    /// `receive` skips actions until one matches; actions not received and effects still
    /// running at the end are ignored (and the effects cancelled).
    ///
    /// With `showSkippedAssertions`, each thing skipped is reported as information, not as a
    /// failure: under Swift Testing an issue of severity `warning` at the line that skipped it
    /// (the test still passes); under XCTest a `note:` line on standard output.
    case off(showSkippedAssertions: Bool)

    /// Non-exhaustive, skipping silently: `.off(showSkippedAssertions: false)`.
    public static var off: Exhaustivity { .off(showSkippedAssertions: false) }
}
