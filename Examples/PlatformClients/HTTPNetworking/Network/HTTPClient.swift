import Foundation
import Synchronization

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
/// ```swift
/// let http = HTTPClient(
///     baseURL: URL(string: "https://example.supabase.co/functions/v1")!,
///     interceptors: [HeadersInterceptor.json(clientName: "lifesignal/1.0"), BearerTokenInterceptor(token: token)]
/// )
/// let reply = try await http.send(NetworkRequest<EmptyBody, EmptyBody>.function("ping", body: EmptyBody()))
/// ```
///
/// A value type; `Sendable`. Uses `FoundationNetworking` on Linux.
public struct HTTPClient: Sendable {
    /// The session used when none is given: ephemeral (no cookies or cache on disk), shared.
    public static let defaultSession = URLSession(configuration: .ephemeral)

    /// The URL that request paths are resolved against.
    public var baseURL: URL
    /// The interceptors run, in order, on every request.
    public var interceptors: [any HTTPInterceptor]
    /// The timeout of each request, in seconds.
    public var timeout: TimeInterval
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL that request paths are resolved against.
    ///   - interceptors: The interceptors to run on every request, in order.
    ///   - timeout: The timeout of each request, in seconds.
    ///   - session: The session that sends the requests.
    public init(
        baseURL: URL,
        interceptors: [any HTTPInterceptor] = [],
        timeout: TimeInterval = 30,
        session: URLSession = HTTPClient.defaultSession
    ) {
        self.baseURL = baseURL
        self.interceptors = interceptors
        self.timeout = timeout
        self.session = session
    }

    /// Sends a request and decodes its response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The decoded 2xx response body.
    /// - Throws: ``HTTPError/transport(_:)`` without an HTTP answer, ``HTTPError/status(code:body:)``
    ///   for a non-2xx status, ``HTTPError/malformedResponse(path:reason:)`` for an undecodable body.
    public func send<Request, Response>(
        _ request: NetworkRequest<Request, Response>
    ) async throws(HTTPError) -> Response {
        var urlRequest = URLRequest(url: baseURL.appendingPathComponent(request.path), timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
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

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.data(for: urlRequest, session: session, timeout: timeout)
        } catch {
            throw .transport(Self.urlError(from: error))
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw .invalidResponse(path: request.path)
        }
        guard (200..<300).contains(httpResponse.statusCode) else {
            throw .status(code: httpResponse.statusCode, body: data)
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw .malformedResponse(path: request.path, reason: Self.describe(error))
        }
    }

    /// Sends the request, failing with `URLError(.timedOut)` after `timeout` seconds.
    ///
    /// `URLRequest.timeoutInterval` is set too, but swift-corelibs-foundation treats it as an
    /// idle timeout at best, and does not stop a request promptly when its task is cancelled.
    /// So the deadline is enforced here, on every platform: whichever of the answer and the
    /// deadline comes first resumes the caller, and the loser is cancelled.
    private static func data(
        for request: URLRequest,
        session: URLSession,
        timeout: TimeInterval
    ) async throws -> (Data, URLResponse) {
        let race = FirstResult()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let call = Task {
                    do {
                        race.finish(.success(try await session.data(for: request)))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let deadline = Task {
                    try? await Task.sleep(for: .seconds(timeout))
                    race.finish(.failure(URLError(.timedOut)))
                    call.cancel()
                }
                race.onFinish {
                    call.cancel()
                    deadline.cancel()
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    private static func urlError(from error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
        if error is CancellationError { return URLError(.cancelled) }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation's `URLError.Code.init(rawValue:)` is failable.
            return URLError(URLError.Code(rawValue: nsError.code) ?? .unknown)
            #else
            return URLError(URLError.Code(rawValue: nsError.code))
            #endif
        }
        return URLError(.unknown)
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

/// Hands the first of several results to one continuation, exactly once.
///
/// Shared by the request task, the deadline task and the cancellation handler, so its state
/// sits behind a `Mutex` (a checked `Sendable` type, no `@unchecked` needed).
private final class FirstResult: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var early: Result<(Data, URLResponse), any Error>?
        var finished = false
        var cleanups: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let early: Result<(Data, URLResponse), any Error>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        typealias Waiter = CheckedContinuation<(Data, URLResponse), any Error>
        let (continuation, cleanups): (Waiter?, [@Sendable () -> Void]) = state.withLock { state in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            if state.continuation == nil { state.early = result }
            defer {
                state.continuation = nil
                state.cleanups = []
            }
            return (state.continuation, state.cleanups)
        }
        continuation?.resume(with: result)
        cleanups.forEach { $0() }
    }

    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.finished { return true }
            state.cleanups.append(cleanup)
            return false
        }
        if runNow { cleanup() }
    }
}
