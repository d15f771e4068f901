/// Splits Swift source into ``Token``s, skipping what can hide the word `case`: comments
/// (line, block, nested block, doc), string literals (single-line, multi-line, raw `#"…"#`,
/// with interpolation, which may hold more strings), regular expression literals and
/// whitespace.
///
/// ```swift
/// let tokens = try Lexer.tokenize(#"case a(String = "case b(Int), with a comma") /* case c */"#)
/// // case, a, (, String, =, "case b(Int), with a comma", )
/// ```
///
/// It reads UTF-8 bytes and makes one pass: a string's interpolations are scanned for their
/// closing parenthesis (their tokens are not kept), so a parenthesis or quote inside one does
/// not end the string early.
///
/// - Complexity: O(*n*) in the length of the source.
package struct Lexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var spaceBefore = false
    private var newlineBefore = false
    /// The last token made, kept or not: decides whether `/` starts a regular expression.
    private var lastToken: Token?

    private init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The tokens of `source`.
    ///
    /// - Parameter source: Swift source text.
    /// - Returns: Its tokens, in order.
    /// - Throws: A ``Diagnostic`` for an unterminated comment, string, regular expression or
    ///   backticked name, at the line where it starts.
    package static func tokenize(_ source: String) throws(Diagnostic) -> [Token] {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        tokens.reserveCapacity(lexer.bytes.count / 4)
        try lexer.scan(into: &tokens, closingInterpolationFrom: nil)
        return tokens
    }

    /// Scans tokens into `sink` until the end of the source or, inside an interpolation
    /// (`closingInterpolationFrom` is its line), until the parenthesis that closes it.
    private mutating func scan(
        into sink: inout [Token],
        closingInterpolationFrom interpolationLine: Int?
    ) throws(Diagnostic) {
        var depth = 0
        while true {
            try skipTrivia()
            guard index < bytes.count else {
                if let interpolationLine {
                    throw Diagnostic(line: interpolationLine, message: "unterminated string interpolation")
                }
                return
            }
            let start = index
            let startLine = line
            let byte = bytes[index]
            let kind: Token.Kind
            switch byte {
            case _ where Self.isIdentifierStart(byte):
                index += 1
                skipIdentifierCharacters()
                kind = .identifier
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                skipNumber()
                kind = .number
            case UInt8(ascii: "`"):
                try skipBacktickedName()
                kind = .identifier
            case UInt8(ascii: "$") where index + 1 < bytes.count && Self.isIdentifierCharacter(bytes[index + 1]):
                index += 1
                skipIdentifierCharacters()
                kind = .identifier
            case UInt8(ascii: "\""):
                try skipString(hashes: 0)
                kind = .string
            case UInt8(ascii: "#"):
                kind = try lexPound()
            case UInt8(ascii: "@") where index + 1 < bytes.count && Self.isIdentifierStart(bytes[index + 1]):
                index += 1
                skipIdentifierCharacters()
                kind = .attribute
            case UInt8(ascii: "/") where startsBareRegex():
                try skipBareRegex()
                kind = .regex
            default:
                if interpolationLine != nil {
                    if byte == UInt8(ascii: "(") {
                        depth += 1
                    } else if byte == UInt8(ascii: ")") {
                        if depth == 0 {
                            index += 1
                            return
                        }
                        depth -= 1
                    }
                }
                index += 1
                kind = .punctuation
            }
            let token = Token(
                kind: kind,
                text: String(decoding: bytes[start..<index], as: UTF8.self),
                line: startLine,
                spaceBefore: spaceBefore || start == 0,
                newlineBefore: newlineBefore || start == 0
            )
            sink.append(token)
            lastToken = token
            spaceBefore = false
            newlineBefore = false
        }
    }

    // MARK: Trivia

    private mutating func skipTrivia() throws(Diagnostic) {
        if index == 0, bytes.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {
            skipToEndOfLine()
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                spaceBefore = true
                index += 1
            case UInt8(ascii: "\n"):
                spaceBefore = true
                newlineBefore = true
                line += 1
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                spaceBefore = true
                skipToEndOfLine()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                spaceBefore = true
                try skipBlockComment()
            default:
                return
            }
        }
    }

    private mutating func skipToEndOfLine() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// Skips `/* … */`, nested ones included.
    private mutating func skipBlockComment() throws(Diagnostic) {
        let startLine = line
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    newlineBefore = true
                }
                index += 1
            }
        }
        throw Diagnostic(line: startLine, message: "unterminated block comment `/*`")
    }

    // MARK: Names and numbers

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func skipIdentifierCharacters() {
        while index < bytes.count, Self.isIdentifierCharacter(bytes[index]) { index += 1 }
    }

    private mutating func skipNumber() {
        let isHex = peek(1) == UInt8(ascii: "x") && bytes[index] == UInt8(ascii: "0")
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierCharacter(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let next = peek(1), next >= UInt8(ascii: "0"),
                next <= UInt8(ascii: "9")
            {
                index += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                let exponent = bytes[index - 1] | 0x20  // lower case
                guard exponent == (isHex ? UInt8(ascii: "p") : UInt8(ascii: "e")) else { return }
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func skipBacktickedName() throws(Diagnostic) {
        let startLine = line
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`") {
            guard bytes[index] != UInt8(ascii: "\n") else { break }
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "`") else {
            throw Diagnostic(line: startLine, message: "unterminated backticked name")
        }
        index += 1
    }

    // MARK: Strings and regular expressions

    /// After `#`: a raw string, an extended regular expression, a `#name`, or a lone `#`.
    private mutating func lexPound() throws(Diagnostic) -> Token.Kind {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        switch peek(hashes) {
        case UInt8(ascii: "\""):
            index += hashes
            try skipString(hashes: hashes)
            return .string
        case UInt8(ascii: "/"):
            index += hashes
            try skipExtendedRegex(hashes: hashes)
            return .regex
        case let next? where hashes == 1 && Self.isIdentifierStart(next):
            index += 1
            skipIdentifierCharacters()
            return .pound
        default:
            index += 1
            return .punctuation
        }
    }

    /// Skips a string literal from its first `"`, after `hashes` `#` of a raw string.
    private mutating func skipString(hashes: Int) throws(Diagnostic) {
        let startLine = line
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hashesFollow(at: index + 1, count: hashes) {
                let escaped = index + 1 + hashes
                if escaped < bytes.count && bytes[escaped] == UInt8(ascii: "(") {
                    index = escaped + 1
                    var discarded: [Token] = []
                    let saved = (spaceBefore, newlineBefore, lastToken)
                    try scan(into: &discarded, closingInterpolationFrom: line)
                    (spaceBefore, newlineBefore, lastToken) = saved
                    continue
                }
                index = escaped
                if index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if multiline {
                    if peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
                        && hashesFollow(at: index + 3, count: hashes)
                    {
                        index += 3 + hashes
                        return
                    }
                } else if hashesFollow(at: index + 1, count: hashes) {
                    index += 1 + hashes
                    return
                }
            }
            if byte == UInt8(ascii: "\n") {
                guard multiline else { break }
                line += 1
            }
            index += 1
        }
        throw Diagnostic(line: startLine, message: "unterminated string literal")
    }

    /// Skips `#/…/#` (any number of `#`) from its `/`.
    private mutating func skipExtendedRegex(hashes: Int) throws(Diagnostic) {
        let startLine = line
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "/") && hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                return
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw Diagnostic(line: startLine, message: "unterminated regular expression literal")
    }

    /// Whether the `/` here starts a bare `/…/` regular expression rather than being an
    /// operator: it must stand where an expression starts, not be followed by a space, and
    /// close on the same line without a space before the closing `/`.
    private func startsBareRegex() -> Bool {
        guard let next = peek(1),
            ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "=")]
                .contains(next)
        else { return false }
        if let lastToken {
            switch lastToken.kind {
            case .number, .string, .regex:
                return false
            case .identifier:
                guard Self.keywordsBeforeExpressions.contains(lastToken.text) else { return false }
            case .punctuation:
                if [")", "]", "}", ">"].contains(lastToken.text) { return false }
                if ["?", "!"].contains(lastToken.text) && !spaceBefore { return false }
            case .pound, .attribute:
                break
            }
        }
        return bareRegexEnd() != nil
    }

    private static let keywordsBeforeExpressions: Set<String> = [
        "return", "case", "in", "if", "guard", "while", "where", "throw", "try", "await", "else", "switch", "repeat",
        "is", "as",
    ]

    /// The index of the closing `/` of a bare regular expression starting here, if any.
    private func bareRegexEnd() -> Int? {
        var position = index + 1
        var inClass = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            case UInt8(ascii: "\\"):
                position += 1
            case UInt8(ascii: "["):
                inClass = true
            case UInt8(ascii: "]"):
                inClass = false
            case UInt8(ascii: "/") where !inClass:
                let before = bytes[position - 1]
                return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") ? nil : position
            default:
                break
            }
            position += 1
        }
        return nil
    }

    private mutating func skipBareRegex() throws(Diagnostic) {
        guard let end = bareRegexEnd() else {
            throw Diagnostic(line: line, message: "unterminated regular expression literal")
        }
        index = end + 1
    }

    // MARK: Helpers

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }
}
