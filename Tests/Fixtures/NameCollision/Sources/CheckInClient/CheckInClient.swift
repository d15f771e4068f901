/// An app's own check-in client.
public struct CheckInClient: Sendable {
    /// Records a check-in.
    public var checkIn: @Sendable () async -> Int

    /// Creates the client.
    public init(checkIn: @escaping @Sendable () async -> Int) {
        self.checkIn = checkIn
    }
}
