/// An HTTP request method.
///
/// ```swift
/// let request = NetworkRequest<EmptyBody, Status>(path: "status", method: .get)
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`.
    case get = "GET"
    /// `POST`, the method of every cloud function.
    case post = "POST"
    /// `PUT`.
    case put = "PUT"
    /// `PATCH`.
    case patch = "PATCH"
    /// `DELETE`.
    case delete = "DELETE"
}
