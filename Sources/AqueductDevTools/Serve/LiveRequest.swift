/// One request to the live server, read and judged: what it asks for, or why it is refused.
///
/// The server serves two things, the page (`GET /?token=…`) and its event stream
/// (`GET /events?token=…`), to the browser of the person who started it, and nothing to
/// anyone else:
/// - `Host` must name the server itself (`127.0.0.1`, `localhost` or `[::1]`, with its port):
///   a page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) sends
///   its own name, and is refused with 421.
/// - `Origin`, when the browser sends one, must be the server's own origin (`http://` and the
///   `Host`): another site's script is refused with 403 before anything is read.
/// - The token printed at start must be in the query, compared in constant time; without it,
///   403. It is the one secret: a local process that can read the terminal can read the
///   recording too.
/// - Anything else is 404; a method other than `GET` is 405.
///
/// A value: judging a request is a pure function of its head, tested without a socket.
struct LiveRequest: Equatable {
    /// What a request that passed the checks asks for.
    enum Route: Equatable {
        case page
        case events
    }

    /// A refusal: the status line and a short body that says why.
    struct Refusal: Equatable, Error {
        let status: Int
        let reason: String
        let message: String
    }

    /// The most bytes of a request's head (request line and headers) the server reads; a
    /// longer head is refused with 431 and its connection closed.
    static let maximumHeadLength = 32 << 10

    let method: String
    let target: String
    /// The header fields, names lowercased, in order.
    let fields: [(name: String, value: String)]

    static func == (left: LiveRequest, right: LiveRequest) -> Bool {
        left.method == right.method && left.target == right.target
            && left.fields.map(\.name) == right.fields.map(\.name)
            && left.fields.map(\.value) == right.fields.map(\.value)
    }

    /// Reads a request's head: its bytes up to, not including, the blank line.
    ///
    /// - Throws: 400 for a head that is not HTTP/1.x.
    init(head: ArraySlice<UInt8>) throws(Refusal) {
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }[...]
        guard let requestLine = lines.popFirst(), let text = String(validating: requestLine, as: UTF8.self) else {
            throw Self.badRequest
        }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0", !parts[0].isEmpty,
            parts[1].first == "/"
        else { throw Self.badRequest }
        method = String(parts[0])
        target = String(parts[1])
        var fields: [(name: String, value: String)] = []
        for line in lines {
            // No folded lines (obsolete), no field without a name.
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line.first != UInt8(ascii: " "), line.first != UInt8(ascii: "\t"),
                let name = String(validating: line[..<colon], as: UTF8.self),
                !name.contains(" "), !name.contains("\t")
            else { throw Self.badRequest }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                .trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            fields.append(
                (name.lowercased(), String(value.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()))
            )
        }
        self.fields = fields
    }

    static let badRequest = Refusal(status: 400, reason: "Bad Request", message: "Not an HTTP/1.1 request.")
    static let headTooLong = Refusal(
        status: 431,
        reason: "Request Header Fields Too Large",
        message: "The request's head is longer than \(maximumHeadLength) bytes."
    )

    /// The values of the field `name` (lowercase).
    func values(of name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// Judges the request: what it asks for, or why it is refused.
    ///
    /// - Parameters:
    ///   - port: The server's port.
    ///   - token: The token printed at start.
    func route(port: Int, token: String) throws(Refusal) -> Route {
        let hosts = values(of: "host")
        guard hosts.count == 1 else {
            throw Refusal(status: 400, reason: "Bad Request", message: "A request names one Host.")
        }
        let host = hosts[0].lowercased()
        guard ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host) else {
            throw Refusal(
                status: 421,
                reason: "Misdirected Request",
                message: "This server answers to 127.0.0.1:\(port), localhost:\(port) and [::1]:\(port) only."
            )
        }
        let origins = values(of: "origin")
        guard origins.allSatisfy({ $0.lowercased() == "http://" + host }), origins.count <= 1 else {
            throw Refusal(status: 403, reason: "Forbidden", message: "Another site's page may not read this server.")
        }
        let (path, query) = Self.split(target)
        guard let given = Self.token(in: query), Self.constantTimeEqual(given, token) else {
            throw Refusal(
                status: 403,
                reason: "Forbidden",
                message: "The URL's token is missing or wrong: open the URL AqueductDevTools serve printed."
            )
        }
        guard method == "GET" else {
            throw Refusal(status: 405, reason: "Method Not Allowed", message: "Only GET is served.")
        }
        switch path {
        case "/": return .page
        case "/events": return .events
        default:
            throw Refusal(status: 404, reason: "Not Found", message: "Nothing here but the page and its events.")
        }
    }

    private static func split(_ target: String) -> (path: Substring, query: Substring) {
        guard let mark = target.firstIndex(of: "?") else { return (target[...], "") }
        return (target[..<mark], target[target.index(after: mark)...])
    }

    /// The value of `token=` in a query (the token is hexadecimal: nothing to decode).
    private static func token(in query: Substring) -> Substring? {
        for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
            return pair.dropFirst("token=".count)
        }
        return nil
    }

    /// Compares all of both texts' bytes whatever they hold, so that the time taken does not
    /// say how much of a guess was right.
    static func constantTimeEqual(_ given: Substring, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        difference |= left.count == right.count ? 0 : 1
        for index in 0..<right.count {
            difference |= right[index] ^ (index < left.count ? left[index] : 0)
        }
        return difference == 0
    }
}
