import AqueductTesting
import CheckIn
import CheckInClient

extension CheckInSync {
    /// The test set: every endpoint the test does not pass is unimplemented, and fails the test,
    /// naming itself, if the code under test calls it; it then throws
    /// `CheckInError.misconfigured(_:)`.
    ///
    /// ```swift
    /// let sync = CheckInSync.test(pendingCount: { () throws(CheckInError) in 2 })
    /// ```
    ///
    /// - Parameters:
    ///   - sync: The `sync` endpoint; unimplemented by default.
    ///   - pendingCount: The `pendingCount` endpoint; unimplemented by default.
    /// - Returns: The capability.
    public static func test(
        sync: @escaping @Sendable () async throws(CheckInError) -> Int = { () throws(CheckInError) in
            unimplemented(CheckInSync.self, "sync")
            throw .misconfigured("CheckInSync.sync is unimplemented in this test")
        },
        pendingCount: @escaping @Sendable () async throws(CheckInError) -> Int = { () throws(CheckInError) in
            unimplemented(CheckInSync.self, "pendingCount")
            throw .misconfigured("CheckInSync.pendingCount is unimplemented in this test")
        }
    ) -> CheckInSync {
        CheckInSync(sync: sync, pendingCount: pendingCount)
    }
}
