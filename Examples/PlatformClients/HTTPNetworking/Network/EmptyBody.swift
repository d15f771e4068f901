/// A JSON object with no fields: `{}`.
///
/// Use it as the `Request` of a ``NetworkRequest`` that sends an empty object, or as its
/// `Response` when the reply carries nothing of interest.
///
/// ```swift
/// let ping = NetworkRequest<EmptyBody, EmptyBody>.function("ping", body: EmptyBody())
/// ```
public struct EmptyBody: Codable, Sendable, Hashable {
    /// Creates an empty body.
    public init() {}
}
