import CheckInClient

/// Runs `body` and returns the ``CheckInError`` it threw, or `nil` if it returned: for the
/// check-in adapters' unit and integration tests.
package func thrownError<T>(_ body: () async throws(CheckInError) -> T) async -> CheckInError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

extension CheckInError {
    /// The case name without its payload, to compare errors whose reason text may differ.
    package var kind: String {
        switch self {
        case .unauthorized: "unauthorized"
        case .notFound: "notFound"
        case .alreadyActive: "alreadyActive"
        case .notActive: "notActive"
        case .invalidInput: "invalidInput"
        case .offline: "offline"
        case .backendFailure: "backendFailure"
        case .misconfigured: "misconfigured"
        }
    }

    /// The reason of ``invalidInput(_:)``, ``backendFailure(_:)`` and ``misconfigured(_:)``, empty otherwise.
    package var reason: String {
        switch self {
        case .invalidInput(let reason), .backendFailure(let reason), .misconfigured(let reason): reason
        default: ""
        }
    }
}
