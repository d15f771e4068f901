import AqueductTesting
import CheckInClient
import Foundation

extension CheckInClient {
    /// The test set: every endpoint the test does not pass is unimplemented, and fails the test,
    /// naming itself, if the code under test calls it; it then throws
    /// ``CheckInError/misconfigured(_:)``.
    ///
    /// ```swift
    /// let client = CheckInClient.test(history: { _ throws(CheckInError) in [] })
    /// ```
    ///
    /// - Parameters:
    ///   - checkIn: The `checkIn` endpoint; unimplemented by default.
    ///   - history: The `history` endpoint; unimplemented by default.
    ///   - triggerAlert: The `triggerAlert` endpoint; unimplemented by default.
    ///   - cancelAlert: The `cancelAlert` endpoint; unimplemented by default.
    ///   - activeAlert: The `activeAlert` endpoint; unimplemented by default.
    /// - Returns: The client.
    public static func test(
        checkIn: @escaping @Sendable (_ date: Date, _ idempotencyKey: UUID) async throws(CheckInError) -> CheckIn = {
            _,
            _ throws(CheckInError) in
            unimplemented(CheckInClient.self, "checkIn")
            throw .misconfigured("CheckInClient.checkIn is unimplemented in this test")
        },
        history: @escaping @Sendable (_ limit: Int) async throws(CheckInError) -> [CheckIn] = {
            _ throws(CheckInError) in
            unimplemented(CheckInClient.self, "history")
            throw .misconfigured("CheckInClient.history is unimplemented in this test")
        },
        triggerAlert: @escaping @Sendable () async throws(CheckInError) -> Alert = { () throws(CheckInError) in
            unimplemented(CheckInClient.self, "triggerAlert")
            throw .misconfigured("CheckInClient.triggerAlert is unimplemented in this test")
        },
        cancelAlert: @escaping @Sendable (_ id: UUID) async throws(CheckInError) -> Alert = { _ throws(CheckInError) in
            unimplemented(CheckInClient.self, "cancelAlert")
            throw .misconfigured("CheckInClient.cancelAlert is unimplemented in this test")
        },
        activeAlert: @escaping @Sendable () async throws(CheckInError) -> Alert? = { () throws(CheckInError) in
            unimplemented(CheckInClient.self, "activeAlert")
            throw .misconfigured("CheckInClient.activeAlert is unimplemented in this test")
        }
    ) -> CheckInClient {
        CheckInClient(
            checkIn: checkIn,
            history: history,
            triggerAlert: triggerAlert,
            cancelAlert: cancelAlert,
            activeAlert: activeAlert
        )
    }
}
