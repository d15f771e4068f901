/// One token of Swift source, as far as the generator needs to tell tokens apart.
///
/// Comments and whitespace are not tokens; ``spaceBefore`` and ``newlineBefore`` record that
/// they were there. Operator characters are single-character ``Kind/punctuation`` tokens, so
/// `>>` closing two generic argument lists is two `>` tokens and `->` is `-` then `>` with no
/// space between.
package struct Token: Equatable, Sendable {
    /// What the token is.
    package enum Kind: Equatable, Sendable {
        /// A name or keyword, backticked names included (`` `default` ``), or `$0`.
        case identifier
        /// A number literal.
        case number
        /// A string literal of any form; its text is the literal as written.
        case string
        /// A regular expression literal, `/…/` or `#/…/#`.
        case regex
        /// `#if`, `#else`, `#available`, a freestanding macro: `#` and the name.
        case pound
        /// An attribute name with its `@`: `@available`, `@Sendable`.
        case attribute
        /// One character of punctuation or of an operator.
        case punctuation
    }

    /// What the token is.
    package let kind: Kind
    /// The token as written.
    package let text: String
    /// The 1-based line it starts on.
    package let line: Int
    /// Whether whitespace or a comment separates it from the previous token.
    package let spaceBefore: Bool
    /// Whether a line break separates it from the previous token.
    package let newlineBefore: Bool

    /// Makes a token.
    ///
    /// - Parameters:
    ///   - kind: What the token is.
    ///   - text: The token as written.
    ///   - line: The 1-based line it starts on.
    ///   - spaceBefore: Whether whitespace or a comment precedes it.
    ///   - newlineBefore: Whether a line break precedes it.
    package init(kind: Kind, text: String, line: Int, spaceBefore: Bool, newlineBefore: Bool) {
        self.kind = kind
        self.text = text
        self.line = line
        self.spaceBefore = spaceBefore
        self.newlineBefore = newlineBefore
    }

    /// Whether this is the identifier or keyword `word`.
    package func isWord(_ word: String) -> Bool {
        kind == .identifier && text == word
    }

    /// Whether this is the punctuation character `character`.
    package func isPunctuation(_ character: String) -> Bool {
        kind == .punctuation && text == character
    }
}
