import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``NetworkRequest`` values over `URLSession` and decodes their JSON responses.
///
/// The client resolves a request's path against ``baseURL``, encodes its body as JSON, runs
/// the ``interceptors`` in order (auth, common headers), sends it with a per-request
/// ``timeout``, and decodes a 2xx body as the request's `Response`. Everything else is an
/// ``HTTPError``: the client gives no domain meaning to statuses — adapters do that in one place.
///
/// What it will not do, whatever the server answers:
/// - follow a redirect to another origin (scheme, host or port), where the request's headers —
///   the bearer token — would go along, or a redirect of a `POST`, which URLSession would resend
///   without its body: ``HTTPError/redirectRefused(status:from:to:)``;
/// - read a body longer than ``maximumResponseSize``: it stops reading and closes the connection
///   (``HTTPError/responseTooLarge(path:limit:)``), so a hostile or broken server cannot fill
///   the memory;
/// - send a header that holds a control character: ``HTTPError/invalidHeader(path:name:)``.
///
/// ```swift
/// let http = HTTPClient(
///     baseURL: URL(string: "https://example.supabase.co/functions/v1")!,
///     interceptors: [HeadersInterceptor.json(clientName: "lifesignal/1.0"), BearerTokenInterceptor(token: token)]
/// )
/// let reply = try await http.send(NetworkRequest<EmptyBody, EmptyBody>.function("ping", body: EmptyBody()))
/// ```
///
/// A value type; `Sendable`. Every client sends through one shared, ephemeral `URLSession`
/// (`FoundationNetworking` on Linux).
public struct HTTPClient: Sendable {
    /// The default of ``maximumResponseSize``: 1 MiB.
    public static let defaultMaximumResponseSize = 1 << 20

    /// The URL that request paths are resolved against.
    public var baseURL: URL
    /// The interceptors run, in order, on every request.
    public var interceptors: [any HTTPInterceptor]
    /// The timeout of each request, in seconds.
    public var timeout: TimeInterval
    /// The longest response body read, in bytes, for any status; a longer one is
    /// ``HTTPError/responseTooLarge(path:limit:)``.
    public var maximumResponseSize: Int

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL that request paths are resolved against.
    ///   - interceptors: The interceptors to run on every request, in order.
    ///   - timeout: The timeout of each request, in seconds.
    ///   - maximumResponseSize: The longest response body read, in bytes.
    public init(
        baseURL: URL,
        interceptors: [any HTTPInterceptor] = [],
        timeout: TimeInterval = 30,
        maximumResponseSize: Int = HTTPClient.defaultMaximumResponseSize
    ) {
        self.baseURL = baseURL
        self.interceptors = interceptors
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// Sends a request and decodes its response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The decoded 2xx response body.
    /// - Throws: ``HTTPError/transport(_:)`` without an HTTP answer,
    ///   ``HTTPError/status(code:body:url:)`` for a non-2xx status,
    ///   ``HTTPError/malformedResponse(path:reason:)`` for an undecodable body,
    ///   ``HTTPError/redirectRefused(status:from:to:)``, ``HTTPError/responseTooLarge(path:limit:)``,
    ///   ``HTTPError/invalidHeader(path:name:)`` or ``HTTPError/unsupportedURL(_:reason:)``.
    public func send<Request, Response>(
        _ request: NetworkRequest<Request, Response>
    ) async throws(HTTPError) -> Response {
        let url = baseURL.appendingPathComponent(request.path)
        try Self.checkSupported(url)
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            try urlRequest.setHeader(value, for: name)
        }
        if let body = request.body {
            do {
                urlRequest.httpBody = try JSONEncoder().encode(body)
            } catch {
                throw .encoding(path: request.path, reason: "\(error)")
            }
        }
        for interceptor in interceptors {
            try await interceptor.intercept(&urlRequest)
        }

        let (response, data) = try await HTTPTransport.shared.send(
            urlRequest,
            path: request.path,
            limit: maximumResponseSize,
            timeout: timeout
        )
        guard (200..<300).contains(response.statusCode) else {
            throw .status(code: response.statusCode, body: data, url: url)
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw .malformedResponse(path: request.path, reason: Self.describe(error))
        }
    }

    /// Refuses what this platform's URLSession cannot send, with the reason, rather than its
    /// bare error code.
    private static func checkSupported(_ url: URL) throws(HTTPError) {
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation fails every request to an IPv6 literal with `badURL`: it
        // compares its host ("::1") with libcurl's ("[::1]") and finds them different.
        if let host = url.host, host.contains(":") {
            throw .unsupportedURL(
                url,
                reason: "Foundation on Linux cannot connect to an IPv6 address written in the URL ([\(host)]); "
                    + "use a host name that resolves to it instead (for ::1, localhost)"
            )
        }
        #endif
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            "the body is not valid JSON (\(context.debugDescription))"
        case .keyNotFound(let key, let context)?:
            "missing key '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(let type, let context)?:
            "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context)?:
            "missing \(type) value at \(path(context))"
        default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map(\.stringValue)
        return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
    }
}
