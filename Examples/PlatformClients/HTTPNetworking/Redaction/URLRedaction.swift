import Foundation

/// A URL as it may be printed or logged: without the credentials it may carry — the one
/// redaction function of the examples.
///
/// A functions URL can hold secrets: a user and password (`https://ada:s3cret@host/…`), an API
/// key in the query (`?apikey=…`), a token in the fragment (`#access_token=…`). The redacted
/// form keeps what a person needs to recognise the URL — the scheme, the host, the port and
/// the path — and replaces the user information and the value of every query and fragment
/// item with `***`:
///
/// ```swift
/// URLRedaction.redacting("https://ada:s3cret@example.com:8443/functions/v1?apikey=k&region=eu")
/// // "https://***@example.com:8443/functions/v1?apikey=***&region=***"
/// ```
///
/// It works on text, not on a parsed `URL`, so a string that does not parse as a URL (the kind
/// an error message quotes) is redacted too.
///
/// A namespace; its functions are pure and may be called from any isolation.
public enum URLRedaction {
    /// The URL without its credentials.
    ///
    /// - Parameter url: A URL.
    /// - Returns: Its text with the user information and the query and fragment values replaced by `***`.
    public static func redacting(_ url: URL) -> String {
        redacting(url.absoluteString)
    }

    /// The text of a URL (or of something meant as one) without its credentials.
    ///
    /// - Parameter text: The text, for example a command-line argument.
    /// - Returns: The text with the user information and the query and fragment values replaced by `***`.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func redacting(_ text: String) -> String {
        var rest = Substring(text)
        var result = ""
        if let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                result += "***" + authority[at...]
            } else {
                result += authority
            }
            rest = rest[authorityEnd...]
        }
        let queryStart = rest.firstIndex { "?#".contains($0) } ?? rest.endIndex
        result += rest[..<queryStart]
        rest = rest[queryStart...]
        while let marker = rest.first {
            rest = rest.dropFirst()
            let end = marker == "?" ? (rest.firstIndex(of: "#") ?? rest.endIndex) : rest.endIndex
            result.append(marker)
            result += redactingValues(rest[..<end])
            rest = rest[end...]
        }
        return result
    }

    /// `name=value&…` with every value replaced; an item without a name is replaced whole.
    private static func redactingValues(_ items: Substring) -> String {
        guard !items.isEmpty else { return "" }
        return items.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                return item.isEmpty ? "" : "***"
            }
            return item[..<equals] + "=***"
        }.joined(separator: "&")
    }
}
