/// A typed HTTP request: where it goes, how, what it sends and what it expects back.
///
/// The value knows its path (relative to the ``HTTPClient``'s base URL), its method, its
/// `Request` body type and its `Response` type, so a call site cannot pair a request with the
/// wrong response. ``function(_:body:)`` builds a cloud-functions call
/// (`POST {functionsURL}/{name}` with a JSON body).
///
/// ```swift
/// struct Greeting: Codable, Sendable { var message: String }
/// let request = NetworkRequest<EmptyBody, Greeting>.function("hello", body: EmptyBody())
/// let greeting = try await http.send(request)
/// ```
///
/// A value type; `Sendable`.
public struct NetworkRequest<Request: Encodable & Sendable, Response: Decodable & Sendable>: Sendable {
    /// The path relative to the client's base URL, for example `"check-in"`.
    public var path: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// The body, encoded as JSON; `nil` sends no body.
    public var body: Request?
    /// Extra headers for this request only (interceptors run after and may override them).
    public var headers: [String: String]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - path: The path relative to the client's base URL.
    ///   - method: The HTTP method.
    ///   - body: The body to encode as JSON, or `nil`.
    ///   - headers: Extra headers for this request.
    public init(path: String, method: HTTPMethod, body: Request? = nil, headers: [String: String] = [:]) {
        self.path = path
        self.method = method
        self.body = body
        self.headers = headers
    }

    /// A cloud-function call: `POST {functionsURL}/{name}` with `body` as JSON.
    ///
    /// - Parameters:
    ///   - name: The function name, for example `"check-in"`.
    ///   - body: The JSON body.
    /// - Returns: The request.
    public static func function(_ name: String, body: Request) -> NetworkRequest {
        NetworkRequest(path: name, method: .post, body: body)
    }
}
