import Aqueduct
import CheckInClient

/// An app's own check-in feature.
public enum CheckInAction: Sendable {
    case checkIn
    case checkedIn(Int)

    /// The check-in's number, or `nil`.
    public var checkedIn: Int? {
        if case .checkedIn(let number) = self { return number }
        return nil
    }
}

/// The check-ins recorded.
public let checkInReducer = Reducer<CheckInAction, [Int]>.reduce { action, checkIns in
    if case .checkedIn(let number) = action { checkIns.append(number) }
}

/// Asks the client for each check-in.
public struct CheckInMiddleware: Middleware {
    let client: CheckInClient

    /// Creates the middleware.
    public init(client: CheckInClient) {
        self.client = client
    }

    /// A check-in asks the client; its answer comes back as an action.
    public func handle(
        action: CheckInAction,
        from source: ActionSource,
        state: GetState<[Int]>
    ) -> Effect<CheckInAction> {
        guard case .checkIn = action else { return .none }
        return .run { [client] send in send(.checkedIn(await client.checkIn())) }
    }
}
