/// The operation of the check-in feature that a ``CheckInAction/failed(_:_:)`` is about.
///
/// A `Sendable` value. The reducer uses it to clear the matching in-flight flag; a UI uses it to
/// say what went wrong:
///
/// ```swift
/// case .failed(let operation, let error):
///     print("Could not \(operation): \(error)")
/// ```
public enum CheckInOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Recording a check-in.
    case checkIn
    /// Loading the history and the active alert.
    case refresh
    /// Triggering an alert.
    case triggerAlert
    /// Cancelling the active alert.
    case cancelAlert
    /// Pushing pending check-ins to the remote backend.
    case sync
    /// The last sync before the app ends.
    case flush

    /// A short phrase for messages: "check in", "refresh", "trigger the alert", ….
    public var description: String {
        switch self {
        case .checkIn: "check in"
        case .refresh: "refresh"
        case .triggerAlert: "trigger the alert"
        case .cancelAlert: "cancel the alert"
        case .sync: "sync"
        case .flush: "flush"
        }
    }
}
