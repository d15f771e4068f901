import PrintableText

/// The closed set of domain errors a ``CheckInClient`` throws.
///
/// Every adapter maps its backend's failures (HTTP status codes, transport errors, SQLite
/// result codes, decoding failures) to one of these cases, so a feature never sees a backend
/// type. The `String` payloads are human-readable reasons for logs; do not branch on them.
///
/// A timed-out request is reported as ``offline``: for a feature both mean "the backend could
/// not be reached now, try again later", and a retried check-in is safe because check-ins carry
/// an idempotency key.
///
/// ```swift
/// do {
///     _ = try await client.cancelAlert(id: id)
/// } catch .notActive {
///     // Already cancelled: nothing to do.
/// } catch {
///     report(error)
/// }
/// ```
public enum CheckInError: Error, Sendable, Hashable {
    /// The caller is not authenticated or not allowed (HTTP 401/403).
    case unauthorized
    /// The referenced record does not exist (for example an unknown alert id).
    case notFound
    /// An alert is already active, so another one cannot be triggered.
    case alreadyActive
    /// The alert is not active (it was already cancelled).
    case notActive
    /// The request was rejected as invalid; the payload says why.
    case invalidInput(String)
    /// The backend could not be reached (no connection, connection refused, timeout).
    case offline
    /// The backend failed or answered something unusable; the payload says why, and for
    /// local storage it names the database file.
    case backendFailure(String)
    /// The client is set up in a way that cannot work — a URL where no backend answers, a
    /// redirect it will not follow, a token that cannot be sent; the payload says what and
    /// what to change.
    case misconfigured(String)
}

extension CheckInError: CustomStringConvertible {
    /// A human-readable description of the error, including its reason when it has one: one
    /// line, safe to print on a terminal or in a log.
    ///
    /// A reason often quotes the backend (its error message, a record it sent, a row read from
    /// disk), so its control characters are escaped (``PrintableText/escaping(_:)``): a hostile
    /// reply cannot clear the screen or add a line of its own to what the app prints, and the
    /// action log, which describes errors with this text too, stays one entry per action.
    public var description: String {
        switch self {
        case .unauthorized: "unauthorized: the backend did not accept the access token (check the token)"
        case .notFound: "not found"
        case .alreadyActive: "an alert is already active"
        case .notActive: "the alert is not active"
        case .invalidInput(let reason): "invalid input: \(PrintableText.escaping(reason))"
        case .offline: "offline: the backend could not be reached"
        case .backendFailure(let reason): "backend failure: \(PrintableText.escaping(reason))"
        case .misconfigured(let reason): "misconfigured: \(PrintableText.escaping(reason))"
        }
    }
}
