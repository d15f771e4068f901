import HTTPNetworking

extension HTTPClient {
    /// Sends `request` and returns what came of it, the error included, for a test to look at.
    func outcome<Request, Response>(of request: NetworkRequest<Request, Response>) async -> Result<Response, HTTPError>
    {
        do {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}
