/// Where an action came from: the call site that dispatched it and, optionally, what happened
/// to it on the way (an effect that sent it, a bridge that derived it).
///
/// Every action a ``Store`` processes carries an `ActionSource`. Dispatching captures the call
/// site through default arguments, which costs nothing at run time: the file and function are
/// kept as `StaticString`s and only turned into `String`s when someone reads them.
///
/// ```swift
/// store.dispatch(.increment)              // source: the line of this call
/// store.dispatch(.increment, from: source) // forward a source you were given
/// ```
///
/// Derived actions keep the `file`, `function` and `line` of the action they were derived
/// from and add a line to ``info``, so "who sent me" is always answerable:
///
/// ```
/// source: Lifecycle/AppLifecycleMiddleware.swift:118
/// info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
/// ```
///
/// `ActionSource` is a value: `Sendable`, `Hashable` and `Codable`. Two sources are equal when
/// their strings and lines are equal, however they were captured.
public struct ActionSource: Sendable {
    @usableFromInline
    internal let _fileLiteral: StaticString
    @usableFromInline
    internal let _functionLiteral: StaticString
    /// The strings of a source made at run time (decoded, for example); `nil` for call sites,
    /// which keeps copying a source as cheap as copying a few words.
    @usableFromInline
    internal let _runtime: RuntimeText?

    /// The line of the call that dispatched the action.
    public let line: UInt

    /// Free-form context: what the dispatcher wants to say, and one line per derivation hop
    /// (oldest first). `nil` when nothing was said.
    public let info: String?

    /// Creates a source from compile-time strings, as default arguments capture them.
    ///
    /// ```swift
    /// func send(file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line) {
    ///     store.dispatch(.ping, from: ActionSource(file: file, function: function, line: line))
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
        self._runtime = nil
        self.line = line
        self.info = info
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
        self._runtime = RuntimeText(file: file, function: function)
        self.line = line
        self.info = info
    }

    private init(copying source: ActionSource, info: String?) {
        self._fileLiteral = source._fileLiteral
        self._functionLiteral = source._functionLiteral
        self._runtime = source._runtime
        self.line = source.line
        self.info = info
    }

    /// The file that dispatched the action, in `#fileID` form (`Module/File.swift`).
    public var file: String { _runtime?.file ?? _fileLiteral.description }

    /// The function that dispatched the action, in `#function` form (`start(_:)`).
    public var function: String { _runtime?.function ?? _functionLiteral.description }

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
    /// - Parameter line: The line to add, without a trailing newline.
    /// - Returns: The source with the line appended.
    public func appendingInfo(_ line: String) -> ActionSource {
        let info = self.info.map { $0 + "\n" + line } ?? line
        return ActionSource(copying: self, info: info)
    }
}

extension ActionSource: Hashable {
    public static func == (lhs: ActionSource, rhs: ActionSource) -> Bool {
        lhs.line == rhs.line && lhs.info == rhs.info && lhs.file == rhs.file && lhs.function == rhs.function
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(function)
        hasher.combine(line)
        hasher.combine(info)
    }
}

extension ActionSource: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, function, line, info
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            function: try container.decode(String.self, forKey: .function),
            line: try container.decode(UInt.self, forKey: .line),
            info: try container.decodeIfPresent(String.self, forKey: .info)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(function, forKey: .function)
        try container.encode(line, forKey: .line)
        try container.encodeIfPresent(info, forKey: .info)
    }
}

extension ActionSource: CustomStringConvertible {
    /// `File.swift:12 in function()`, followed by the info lines if there are any.
    public var description: String {
        let head = "\(file):\(line) in \(function)"
        return info.map { head + "\n" + $0 } ?? head
    }
}

/// The file and function of a source made at run time.
@usableFromInline
internal final class RuntimeText: Sendable {
    let file: String
    let function: String

    init(file: String, function: String) {
        self.file = file
        self.function = function
    }
}
