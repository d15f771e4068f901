import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Sets a header, refusing a value that HTTP cannot carry: the one way ``HTTPClient`` and
    /// the interceptors set headers.
    ///
    /// A value with a control character other than a tab (a line break in a pasted token, say)
    /// would end the header early or smuggle in another one; Foundation on Linux drops such a
    /// header without a word, so the server sees no token and answers 401. Refusing it here
    /// turns that into an error that names the header.
    ///
    /// ```swift
    /// try request.setHeader("Bearer \(token)", for: "Authorization")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The header's value.
    ///   - name: The header's name.
    /// - Throws: ``HTTPError/invalidHeader(path:name:)`` when `value` holds a control character.
    public mutating func setHeader(_ value: String, for name: String) throws(HTTPError) {
        let isCarried = value.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory != .control }
        guard isCarried else {
            throw .invalidHeader(path: url?.path ?? "", name: name)
        }
        setValue(value, forHTTPHeaderField: name)
    }
}
