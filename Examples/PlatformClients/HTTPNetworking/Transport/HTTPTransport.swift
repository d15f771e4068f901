import Foundation

import class Aqueduct.LockedValue

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession every ``HTTPClient`` sends through, and its delegate: the one place where
/// bytes arrive, so the client decides what to follow and how much to read as they come,
/// instead of after URLSession has buffered a whole body of any size.
///
/// A data task without a completion handler hands each piece of the body to the session's
/// delegate and keeps none of it; the delegate passes it to the task's ``Transfer``, found by
/// the task's identifier. Redirects are put to the same transfer (``RedirectPolicy``).
///
/// The session is ephemeral (no cookies, cache or credentials on disk) and lives as long as the
/// process.
final class HTTPTransport: Sendable {
    /// The transport of every client.
    static let shared = HTTPTransport()

    private let session: URLSession
    private let transfers = TransferRegistry()

    private init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    /// Sends `request` and collects its answer.
    ///
    /// - Parameters:
    ///   - request: The request, headers set.
    ///   - path: Its path, for errors.
    ///   - limit: The largest body accepted, in bytes.
    ///   - timeout: The deadline, in seconds.
    /// - Returns: The response and its body.
    /// - Throws: An ``HTTPError``: a transport failure, a refused redirect, a body past the limit.
    func send(
        _ request: URLRequest,
        path: String,
        limit: Int,
        timeout: TimeInterval
    ) async throws(HTTPError) -> (HTTPURLResponse, Data) {
        let task = session.dataTask(with: request)
        let transfer = Transfer(request: request, path: path, limit: limit, task: task)
        transfers.register(transfer, for: task)
        return try await transfer.run(timeout: timeout).get()
    }
}

/// The session's delegate: hands each task's events to its ``Transfer``.
private final class TransferRegistry: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: `NSObject` is not `Sendable` on Linux. The only stored property is
    // a `let` of a `Sendable` type, so the delegate is safe to share.

    private let transfers = LockedValue<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(of task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(transfer(of: task)?.redirect(response, to: request))
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfer(of: dataTask)?.receive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(with: error)
    }
}
