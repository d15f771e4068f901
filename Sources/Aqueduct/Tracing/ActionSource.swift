/// Where an action came from: the call site that dispatched it and, optionally, what happened
/// to it on the way (an effect that sent it, a bridge that derived it).
///
/// Every action a ``Store`` processes carries an `ActionSource`. Dispatching captures the call
/// site through default arguments, which costs nothing at run time: the file and function are
/// kept as `StaticString`s and only turned into `String`s when someone reads them.
///
/// ```swift
/// store.dispatch(.increment, info: "by hand")
/// ```
///
/// Derived actions keep the `file`, `function` and `line` of the action they were derived
/// from and add a line to ``info``, so "who sent me" is always answerable:
///
/// ```text
/// source: Lifecycle/AppLifecycleMiddleware.swift:118
/// info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
/// ```
///
/// ## Sequence numbers and causes
/// The store that processes an action stamps on its source the action's number within the
/// store (``seq``) and what set it off (``cause``): the earlier action whose bridge derived it,
/// whose effect sent it, or during whose processing it was dispatched — `nil` for an action
/// from outside. See ``ActionCause``.
///
/// `ActionSource` is a value: `Sendable`, `Hashable` and `Codable`. It encodes its ``file``,
/// ``function``, ``line`` and ``info``, and its info lines apart (`infoLines`) when one of them
/// holds a newline, so that a decoded source has the lines that were encoded, and is equal to
/// the source encoded when its lines were given as text (a line built when read is decoded as
/// its text). A source encoded without `infoLines` — by Aqueduct 1.0 — is decoded with its
/// `info` split at each newline.
///
/// ## Equality
/// Two sources are equal when they have the same ``file``, ``function`` and ``line`` — however
/// they were captured, from literals or from strings — and the same info lines, compared by
/// what they hold: a line given as text equals a line with the same text; a line that is built
/// when read (an effect's, a bridge's, one added with ``appendingInfo(deferred:)``) equals only
/// itself, the same line of the same derivation — comparing never builds a line, describes an
/// action or calls a closure you gave. Compare ``info`` to compare the text. ``seq`` and
/// ``cause`` are not compared or hashed (nor encoded: a recording writes them as fields of their
/// own). Hashing combines the file, function and line.
public struct ActionSource: Sendable {
    // The stamps — the cause's kind, ``seq`` and the cause's number, 48 bits each — are
    // declared after the two `StaticString`s (17 bytes each) to fill their padding: a stamped
    // source is as large as an unstamped one (64 bytes): the inbox moves every source under its
    // lock. 48 bits wrap after 2⁴⁸ actions, years at a billion a second.
    @usableFromInline
    internal let _fileLiteral: StaticString
    /// The kind of ``cause`` (see ``ActionCause/Kind/_code``), 0 for none.
    @usableFromInline
    internal var _causeKindCode: UInt8
    /// ``seq`` + 1, high 16 bits; 0 with ``_seqLow`` before a store processed the action.
    @usableFromInline
    internal var _seqHigh: UInt16
    /// ``seq`` + 1, low 32 bits.
    @usableFromInline
    internal var _seqLow: UInt32
    @usableFromInline
    internal let _functionLiteral: StaticString
    /// ``cause``'s number, high 16 bits, when ``_causeKindCode`` is not 0.
    @usableFromInline
    internal var _causeSeqHigh: UInt16
    /// ``cause``'s number, low 32 bits.
    @usableFromInline
    internal var _causeSeqLow: UInt32
    /// Run-time strings and info lines, newest first: a ``SourceNode``, kept as a plain object
    /// reference so that copying a source is copying a few words and one retain (an existential
    /// of the protocol is copied through an outlined value witness, on every queued action).
    /// `nil` for a plain call site.
    @usableFromInline
    internal let _extras: SourceNodeReference?

    /// The line of the call that dispatched the action.
    public let line: UInt

    /// ``seq``, or -1 before a store processed the action.
    @inlinable
    internal var _seq: Int {
        get { Int(truncatingIfNeeded: UInt64(_seqHigh) << 32 | UInt64(_seqLow)) - 1 }
        set {
            let stored = UInt64(truncatingIfNeeded: newValue &+ 1)
            _seqHigh = UInt16(truncatingIfNeeded: stored >> 32)
            _seqLow = UInt32(truncatingIfNeeded: stored)
        }
    }

    /// ``cause``'s sequence number, when ``_causeKindCode`` is not 0.
    @inlinable
    internal var _causeSeq: Int {
        get { Int(truncatingIfNeeded: UInt64(_causeSeqHigh) << 32 | UInt64(_causeSeqLow)) }
        set {
            let stored = UInt64(truncatingIfNeeded: newValue)
            _causeSeqHigh = UInt16(truncatingIfNeeded: stored >> 32)
            _causeSeqLow = UInt32(truncatingIfNeeded: stored)
        }
    }

    /// Creates a source from compile-time strings, as default arguments capture them.
    ///
    /// ```swift
    /// func send(
    ///     _ action: AppAction,
    ///     to store: Store<AppAction, AppState>,
    ///     file: StaticString = #fileID,
    ///     function: StaticString = #function,
    ///     line: UInt = #line
    /// ) {
    ///     store.dispatch(action, from: ActionSource(file: file, function: function, line: line))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file, in `#fileID` form (`Module/File.swift`).
    ///   - function: The function, in `#function` form.
    ///   - line: The line.
    ///   - info: Optional context.
    @inlinable
    public init(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        self._fileLiteral = file
        self._functionLiteral = function
        self._extras = info.map { SourceExtras(file: nil, function: nil, earlier: nil, line: .text($0)) }
        self.line = line
        self._causeKindCode = 0
        self._seqHigh = 0
        self._seqLow = 0
        self._causeSeqHigh = 0
        self._causeSeqLow = 0
    }

    /// Creates a source from run-time strings, for example one decoded from a log.
    ///
    /// - Parameters:
    ///   - file: The file, in `#fileID` form (`Module/File.swift`).
    ///   - function: The function.
    ///   - line: The line.
    ///   - info: Optional context.
    public init(file: String, function: String, line: UInt, info: String? = nil) {
        self._fileLiteral = ""
        self._functionLiteral = ""
        self._extras = SourceExtras(file: file, function: function, earlier: nil, line: info.map { .text($0) })
        self.line = line
        self._causeKindCode = 0
        self._seqHigh = 0
        self._seqLow = 0
        self._causeSeqHigh = 0
        self._causeSeqLow = 0
    }

    /// Creates a source from run-time strings with its info lines, oldest first: what a decoded
    /// source or a recorded one is made from.
    ///
    /// - Parameters:
    ///   - file: The file, in `#fileID` form (`Module/File.swift`).
    ///   - function: The function.
    ///   - line: The line.
    ///   - infoLines: The info lines, oldest first; each kept as it is, newlines and all.
    package init(file: String, function: String, line: UInt, infoLines: [String]) {
        var source = ActionSource(file: file, function: function, line: line, info: infoLines.first)
        for line in infoLines.dropFirst() { source = source.appendingInfo(line) }
        self = source
    }

    /// A source derived from `source`: its call site, with `node` — whose ``SourceNode/earlier``
    /// is `source`'s node — as its newest info line.
    ///
    /// - Parameters:
    ///   - source: The source of the action the new one was derived from.
    ///   - node: The line saying how; `node.earlier` must be `source._extras`.
    @usableFromInline
    internal init(derivedFrom source: ActionSource, node: some SourceNode) {
        self.init(derivedFrom: WithoutExtras(source), node: node)
    }

    /// A source made again from `plain`, with `node` as its extras: the source
    /// ``init(derivedFrom:node:)`` derives from a source whose fields `plain` holds.
    @inlinable
    internal init(derivedFrom plain: WithoutExtras, node: some SourceNode) {
        self._fileLiteral = plain.fileLiteral
        self._functionLiteral = plain.functionLiteral
        self._extras = node
        self.line = plain.line
        self._causeKindCode = plain.causeKindCode
        self._seqHigh = plain.seqHigh
        self._seqLow = plain.seqLow
        self._causeSeqHigh = plain.causeSeqHigh
        self._causeSeqLow = plain.causeSeqLow
    }

    /// The action's number within the store that processed it: 0 for the store's first action,
    /// then one more for each, in processing order. `nil` until a store processes the action
    /// (a source made by hand, or one an action waiting in a queue carries).
    ///
    /// ```swift
    /// if let seq = source.seq, let cause = source.cause {
    ///     log.record("#\(seq) \(ActionDescription.describe(action)) ← #\(cause.seq) (\(cause.kind.rawValue))")
    /// }
    /// ```
    @inlinable
    public var seq: Int? { _seq >= 0 ? _seq : nil }

    /// What set the action off: the earlier action of the same store whose bridge derived it,
    /// whose effect (immediate or asynchronous) sent it, or during whose processing it was
    /// dispatched; `nil` for an action from outside. See ``ActionCause``.
    ///
    /// ```swift
    /// if let seq = source.seq, let cause = source.cause {
    ///     log.record("#\(seq) \(ActionDescription.describe(action)) ← #\(cause.seq) (\(cause.kind.rawValue))")
    /// }
    /// ```
    @inlinable
    public var cause: ActionCause? {
        ActionCause.Kind(_code: _causeKindCode).map { ActionCause(seq: _causeSeq, kind: $0) }
    }

    /// Stamps the cause, as the store does when the action is dispatched.
    @inlinable
    internal mutating func _stampCause(_ cause: ActionCause?) {
        if let cause {
            _causeKindCode = cause.kind._code
            _causeSeq = cause.seq
        } else {
            _causeKindCode = 0
        }
    }

    /// Whether this source is `other` stamped with `cause`, field for field — the same call
    /// site's literals, the same node, the same numbers: what the inbox asks to let an action
    /// share the last one's source.
    @inlinable
    internal func _isIdentical(to other: borrowing ActionSource, stampedWith cause: ActionCause?) -> Bool {
        guard line == other.line, _extras === other._extras, _seqHigh == other._seqHigh,
            _seqLow == other._seqLow, _fileLiteral._isIdentical(to: other._fileLiteral),
            _functionLiteral._isIdentical(to: other._functionLiteral)
        else { return false }
        guard let cause else { return _causeKindCode == 0 }
        return _causeKindCode == cause.kind._code && _causeSeq == cause.seq
    }

    /// The file that dispatched the action, in `#fileID` form (`Module/File.swift`).
    public var file: String { _node?.file ?? _fileLiteral.description }

    /// The function that dispatched the action, in `#function` form (`start(_:)`), or
    /// `top-level code` for a dispatch from the top level of an executable's `main.swift`
    /// (where `#function` gives the module's name).
    public var function: String {
        withCallSite(_node) { _, function in String(decoding: function, as: UTF8.self) }
    }

    /// Free-form context: what the dispatcher said, and one line per derivation hop (an effect
    /// that sent the action, a bridge that derived it), oldest first. `nil` when nothing was
    /// said.
    ///
    /// Lines added with ``appendingInfo(deferred:)`` are built here, each time this is read.
    public var info: String? {
        guard let node = _node else { return nil }
        let lines = node.infoLines
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The file name without its module (`AppBridges.swift` for `App/AppBridges.swift`).
    public var fileName: String {
        let file = self.file
        guard let slash = file.lastIndex(of: "/") else { return file }
        return String(file[file.index(after: slash)...])
    }

    /// This source with one more line of ``info``, after the lines it already has.
    ///
    /// The file, function and line stay those of the original call site.
    ///
    /// ```swift
    /// let plain = ActionSource(file: "App/File.swift", function: "run()", line: 3)
    /// let first = plain.appendingInfo("first")
    /// ```
    ///
    /// - Parameter line: The line to add, without a trailing newline.
    /// - Returns: The source with the line appended.
    public func appendingInfo(_ line: String) -> ActionSource {
        appending(.text(line))
    }

    /// This source with one more line of ``info``, built only when ``info`` is read.
    ///
    /// Use it for a line that is costly to build and usually not read — describing an action
    /// goes through reflection and takes microseconds, while most sources are never logged.
    /// Bridges and effects add their lines this way. The line is built from what `line`
    /// captured, each time ``info`` is read.
    ///
    /// ```swift
    /// let derived = source.appendingInfo(deferred: { "Retried \(ActionDescription.describe(action))" })
    /// #expect(derived.info == "Retried library(LibraryAction.refresh)")
    /// ```
    ///
    /// - Parameter line: Builds the line, without a trailing newline.
    /// - Returns: The source with the line appended.
    public func appendingInfo(deferred line: @escaping @Sendable () -> String) -> ActionSource {
        appending(.deferred(line))
    }

    /// The info lines, oldest first, each built now; empty when there are none.
    package var infoLines: [String] { _node?.infoLines ?? [] }

    /// The newest node, as its protocol.
    private var _node: (any SourceNode)? { SourceNodes.node(_extras) }

    private func appending(_ line: InfoLine) -> ActionSource {
        ActionSource(
            derivedFrom: self,
            node: SourceExtras(file: _node?.file, function: _node?.function, earlier: _extras, line: line)
        )
    }
}

extension ActionSource: Hashable {
    /// Whether two sources have the same call site and the same info lines; see "Equality"
    /// above.
    ///
    /// - Complexity: O(*n*) in the length of the strings and the number of info lines; no line
    ///   is built.
    public static func == (lhs: ActionSource, rhs: ActionSource) -> Bool {
        guard lhs.line == rhs.line else { return false }
        let (lhsNode, rhsNode) = (lhs._node, rhs._node)
        let sameCallSite = lhs.withCallSite(lhsNode) { lhsFile, lhsFunction in
            rhs.withCallSite(rhsNode) { rhsFile, rhsFunction in
                lhsFile.elementsEqual(rhsFile) && lhsFunction.elementsEqual(rhsFunction)
            }
        }
        return sameCallSite && Self.infoLines(lhsNode, equal: rhsNode)
    }

    /// Combines the file, function and line.
    public func hash(into hasher: inout Hasher) {
        withCallSite(_node) { file, function in
            hasher.combine(bytes: UnsafeRawBufferPointer(file))
            hasher.combine(0xFF as UInt8)  // no UTF-8 string holds it: ends the file
            hasher.combine(bytes: UnsafeRawBufferPointer(function))
        }
        hasher.combine(line)
    }

    /// The name ``function`` gives top-level code.
    private static let topLevelCode: StaticString = "top-level code"

    /// Calls `body` with the UTF-8 of the file and of the function as ``file`` and ``function``
    /// give them (top-level code named so), without making strings of the literals.
    private func withCallSite<Result>(
        _ node: (any SourceNode)?,
        _ body: (_ file: UnsafeBufferPointer<UInt8>, _ function: UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        Self.withUTF8(node?.file, orLiteral: _fileLiteral) { file in
            Self.withUTF8(node?.function, orLiteral: _functionLiteral) { function in
                guard Self.isModule(function, of: file) else { return body(file, function) }
                return Self.topLevelCode.withUTF8Buffer { body(file, $0) }
            }
        }
    }

    /// Whether `function` is the module part of `file` (`App` for `App/main.swift`): what
    /// `#function` gives at the top level of `main.swift`.
    internal static func isModule(_ function: UnsafeBufferPointer<UInt8>, of file: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let slash = file.firstIndex(of: UInt8(ascii: "/")), slash == function.count else { return false }
        return file[..<slash].elementsEqual(function)
    }

    /// Calls `body` with the UTF-8 of `string`, or of `literal` when there is no run-time string.
    private static func withUTF8<Result>(
        _ string: String?,
        orLiteral literal: StaticString,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard var string else { return literal.withUTF8Buffer(body) }
        return string.withUTF8(body)
    }

    /// Whether two lists of info lines are equal, newest first: the same node from there on,
    /// or text lines with the same text. Nodes that carry only strings have no line and are
    /// skipped.
    private static func infoLines(_ lhs: (any SourceNode)?, equal rhs: (any SourceNode)?) -> Bool {
        var (left, right) = (lhs, rhs)
        while true {
            while let node = left, !node.hasInfoLine { left = SourceNodes.node(node.earlier) }
            while let node = right, !node.hasInfoLine { right = SourceNodes.node(node.earlier) }
            guard let leftNode = left, let rightNode = right else { return left == nil && right == nil }
            if leftNode === rightNode { return true }
            guard let leftText = leftNode.textLine, let rightText = rightNode.textLine, leftText == rightText else {
                return false
            }
            (left, right) = (SourceNodes.node(leftNode.earlier), SourceNodes.node(rightNode.earlier))
        }
    }
}

extension ActionSource: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, function, line, info, infoLines
    }

    /// Decodes a source: its lines from `infoLines` when present, else from `info` split at each
    /// newline.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lines: [String]
        if let infoLines = try container.decodeIfPresent([String].self, forKey: .infoLines) {
            lines = infoLines
        } else if let info = try container.decodeIfPresent(String.self, forKey: .info) {
            lines = info.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        } else {
            lines = []
        }
        self.init(
            file: try container.decode(String.self, forKey: .file),
            function: try container.decode(String.self, forKey: .function),
            line: try container.decode(UInt.self, forKey: .line),
            infoLines: lines
        )
    }

    /// Encodes the source: `file`, `function`, `line`, `info` (the lines joined with newlines;
    /// absent when there is none) and, when a line holds a newline itself, `infoLines`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(function, forKey: .function)
        try container.encode(line, forKey: .line)
        let lines = infoLines
        guard !lines.isEmpty else { return }
        try container.encode(lines.joined(separator: "\n"), forKey: .info)
        if lines.contains(where: { $0.utf8.contains(UInt8(ascii: "\n")) }) {
            try container.encode(lines, forKey: .infoLines)
        }
    }
}

extension ActionSource: CustomStringConvertible {
    /// `File.swift:12 in function()`, followed by the info lines if there are any.
    public var description: String {
        let head = "\(file):\(line) in \(function)"
        return info.map { head + "\n" + $0 } ?? head
    }
}

/// One line of ``ActionSource/info``: text, or a function that builds it when read.
@usableFromInline
internal enum InfoLine: Sendable {
    case text(String)
    case deferred(@Sendable () -> String)

    var text: String {
        switch self {
        case .text(let text): text
        case .deferred(let build): build()
        }
    }
}

/// An info line given as text or as a function that builds it, with the run-time file and
/// function strings of a source made from strings (decoded from a log, say).
@usableFromInline
internal final class SourceExtras: SourceNode {
    @usableFromInline
    let file: String?
    @usableFromInline
    let function: String?
    @usableFromInline
    let earlier: SourceNodeReference?
    let line: InfoLine?

    @usableFromInline
    init(file: String?, function: String?, earlier: SourceNodeReference?, line: InfoLine?) {
        self.file = file
        self.function = function
        self.earlier = earlier
        self.line = line
    }

    @usableFromInline
    var infoLine: String? { line?.text }

    @usableFromInline
    var hasInfoLine: Bool { line != nil }

    @usableFromInline
    var textLine: String? {
        if case .text(let text) = line { return text }
        return nil
    }
}

extension StaticString {
    /// Whether the two are the same literal: the same address and length, or the same scalar.
    @inlinable
    internal func _isIdentical(to other: StaticString) -> Bool {
        if hasPointerRepresentation {
            return other.hasPointerRepresentation && utf8Start == other.utf8Start
                && utf8CodeUnitCount == other.utf8CodeUnitCount
        }
        return !other.hasPointerRepresentation && unicodeScalar == other.unicodeScalar
    }
}

extension ActionSource {
    /// A source's fields without its extras (its run-time strings and info), the reference: what
    /// a derived source is made from, and what a refilled bridge firing keeps of its cause's
    /// source, which has no extras, so that keeping one retains nothing and writing over one
    /// releases nothing (the instruction gate's e/aqueduct: kept as an `ActionSource`, each
    /// refill destroyed the old one through its value witness).
    @usableFromInline
    internal struct WithoutExtras {
        @usableFromInline let fileLiteral: StaticString
        @usableFromInline let causeKindCode: UInt8
        @usableFromInline let seqHigh: UInt16
        @usableFromInline let seqLow: UInt32
        @usableFromInline let functionLiteral: StaticString
        @usableFromInline let causeSeqHigh: UInt16
        @usableFromInline let causeSeqLow: UInt32
        @usableFromInline let line: UInt

        /// The fields of `source`, all but its extras.
        @inlinable
        init(_ source: borrowing ActionSource) {
            self.fileLiteral = source._fileLiteral
            self.causeKindCode = source._causeKindCode
            self.seqHigh = source._seqHigh
            self.seqLow = source._seqLow
            self.functionLiteral = source._functionLiteral
            self.causeSeqHigh = source._causeSeqHigh
            self.causeSeqLow = source._causeSeqLow
            self.line = source.line
        }
    }
}
