import CheckInClient
import Foundation

extension CheckInClient {
    /// A client backed by a fresh ``InMemoryCheckInStore``, for previews and tests.
    ///
    /// ```swift
    /// let client = CheckInClient.inMemory()
    /// ```
    ///
    /// - Parameter now: The clock used to stamp alerts.
    /// - Returns: A client whose state lives only as long as the client.
    public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) -> CheckInClient {
        InMemoryCheckInStore(now: now).client
    }
}
