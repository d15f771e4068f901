import Foundation

import class Aqueduct.LockedValue

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight: what arrived so far and the caller waiting for it, finished exactly
/// once — by the answer, by a refusal (a redirect, a body past the limit), by the deadline or
/// by cancellation, whichever comes first.
///
/// The URLSession delegate feeds it on the session's queue, the deadline and the caller's
/// cancellation from other tasks, so its state sits behind the examples' lock.
final class Transfer: Sendable {
    typealias Outcome = Result<(HTTPURLResponse, Data), HTTPError>

    /// The request as the client sent it: where its credentials belong.
    let request: URLRequest
    /// The request path, for errors.
    let path: String
    /// The largest body accepted, in bytes.
    let limit: Int
    private let task: URLSessionDataTask

    private struct State {
        var waiter: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var isFinished = false
        var response: HTTPURLResponse?
        var body = Data()
        var deadline: Task<Void, Never>?
        /// Between a redirect put to the delegate and URLSession's next event for the task: a
        /// task cancelled then makes swift-corelibs-foundation trap ("Received callback for
        /// HTTP redirection, but we're not waiting for it"), so a cancel waits for that event.
        var isRedirecting = false
        var cancelsAfterRedirect = false
    }

    private let state = LockedValue(State())

    init(request: URLRequest, path: String, limit: Int, task: URLSessionDataTask) {
        self.request = request
        self.path = path
        self.limit = limit
        self.task = task
    }

    /// Starts the task and waits for the outcome, at most `timeout` seconds.
    func run(timeout: TimeInterval) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early: Outcome? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                    return
                }
                // Not a store's work: this transfer's own timer, cancelled when the transfer ends.
                let deadline = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(timeout))
                    guard !Task.isCancelled else { return }
                    self?.finish(.failure(.transport(URLError(.timedOut))))
                }
                let isFinished = state.withLock { state in
                    state.deadline = deadline
                    return state.isFinished
                }
                if isFinished { deadline.cancel() }
                task.resume()
            }
        } onCancel: {
            finish(.failure(.transport(URLError(.cancelled))))
        }
    }

    /// The response headers arrived. A declared length past the limit ends the transfer before
    /// any of the body is read.
    func receive(_ response: URLResponse) {
        settleRedirect()
        guard let response = response as? HTTPURLResponse else { return }
        state.withLock { $0.response = response }
        if response.expectedContentLength > Int64(limit) {
            finish(.failure(.responseTooLarge(path: path, limit: limit)))
        }
    }

    /// A piece of the body arrived. The body is kept only up to the limit: past it the transfer
    /// ends and the connection is closed, whatever the server meant to send.
    func receive(_ data: Data) {
        settleRedirect()
        let isTooLarge = state.withLock { state in
            guard !state.isFinished else { return false }
            guard state.body.count + data.count <= limit else { return true }
            state.body.append(data)
            return false
        }
        if isTooLarge { finish(.failure(.responseTooLarge(path: path, limit: limit))) }
    }

    /// The server redirected to `redirected`.
    ///
    /// - Returns: The request to send instead, or `nil` to refuse (and end the transfer).
    func redirect(_ response: HTTPURLResponse, to redirected: URLRequest) -> URLRequest? {
        state.withLock { $0.isRedirecting = true }
        if RedirectPolicy.allows(redirected, insteadOf: request) { return redirected }
        let from = response.url ?? request.url ?? URL(fileURLWithPath: "/")
        finish(.failure(.redirectRefused(status: response.statusCode, from: from, to: redirected.url ?? from)))
        return nil
    }

    /// URLSession finished the task (or gave up on it).
    func complete(with error: (any Error)?) {
        settleRedirect()
        if let error {
            finish(.failure(.transport(Self.urlError(from: error))))
            return
        }
        let (response, body) = state.withLock { ($0.response, $0.body) }
        guard let response else {
            finish(.failure(.invalidResponse(path: path)))
            return
        }
        finish(.success((response, body)))
    }

    /// Ends the transfer with `outcome`, once; a later outcome is dropped. A transfer that ends
    /// before URLSession is done with it cancels the task, so no more of the body is read.
    private func finish(_ outcome: Outcome) {
        typealias Ending = (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?, cancelsNow: Bool)
        let (waiter, deadline, cancelsNow): Ending = state.withLock { state in
            guard !state.isFinished else { return (nil, nil, false) }
            state.isFinished = true
            state.body = Data()
            defer {
                state.waiter = nil
                state.deadline = nil
            }
            if state.waiter == nil { state.outcome = outcome }
            var cancelsNow = false
            if case .failure = outcome {
                if state.isRedirecting {
                    state.cancelsAfterRedirect = true
                } else {
                    cancelsNow = true
                }
            }
            return (state.waiter, state.deadline, cancelsNow)
        }
        deadline?.cancel()
        waiter?.resume(returning: outcome)
        if cancelsNow { task.cancel() }
    }

    /// URLSession moved on from a redirect: a cancel that waited for it happens now.
    private func settleRedirect() {
        let cancels = state.withLock { state in
            defer {
                state.isRedirecting = false
                state.cancelsAfterRedirect = false
            }
            return state.cancelsAfterRedirect
        }
        if cancels { task.cancel() }
    }

    private static func urlError(from error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
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
}
