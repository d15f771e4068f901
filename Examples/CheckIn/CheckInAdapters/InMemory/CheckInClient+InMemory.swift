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

    /// The preview set: a fresh, empty ``InMemoryCheckInStore`` on each access, stamped with the
    /// system clock. The check-in client has no parameterless live value — its adapters need a
    /// file or a URL — so a composition root opens one by name (`SQLiteCheckInStore`,
    /// `CloudFunctionsCheckInClient`, `OfflineFirstCheckInStore`).
    public static var preview: CheckInClient {
        .inMemory()
    }
}
