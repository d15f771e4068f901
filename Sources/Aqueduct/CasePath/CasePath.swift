/// One enum case as a value that goes both ways: it *extracts* the case's payload from a
/// `Root` (or `nil` for any other case) and *embeds* a payload into a `Root`.
///
/// Every API that names a case takes one, written as a key path: `\.checkIn` or
/// `\.lifecycle.didBecomeActive` (a ``CaseKeyPath``). Lifting a reducer extracts, a projection
/// embeds, a lifted middleware does both with the same path, and `TestStore.receive` names it
/// in its failures — so a feature is lifted with one argument for its actions, and the label
/// `action:` means "this case of the parent's action" everywhere.
///
/// ```swift
/// let finished = CasePath(\SyncAction.Cases.finished)
/// #expect(finished.extract(from: .finished(count: 3)) == 3)
/// #expect(finished.extract(from: .start) == nil)
/// #expect(finished.embed(4) == .finished(count: 4))
/// ```
///
/// The `case-accessors` command writes one for every case of a ``CaseAccessible`` enum, in the
/// enum's `AllCasePaths`. A case path of your own — a subset of a case, a case of an enum from
/// another module — is made from a closure pair and added there too, where key paths find it:
///
/// ```swift
/// extension AppAction.AllCasePaths {
///     // …
///     var countingUp: CasePath<AppAction, CounterAction> {
///         CasePath(
///             "countingUp",
///             embed: { .counter($0) },
///             extract: { action in
///                 if case .counter(let counter) = action, counter != .decrement { counter } else { nil }
///             }
///         )
///     }
/// }
/// ```
///
/// ## Cost
/// A key path is turned into a `CasePath` once, when the lift, bridge, projection or `receive`
/// that takes it is built: from then on extracting and embedding are calls of the stored
/// functions, one per case along the path, whether the key path was a literal or a value held
/// in a variable. No `KeyPath` is applied per action.
///
/// `CasePath` is `Sendable`: its functions are `@Sendable` and capture nothing mutable.
public struct CasePath<Root, Value>: Sendable {
    // Extraction is kept in continuation-passing form, `visit`, because that is what composes
    // cheaply: a path through two enums is built in generic code, where returning the middle
    // enum as an optional would go through its type's metadata on every call (about twenty times
    // the cost of a direct read), while handing it on by reference to the next step costs a call.
    // `matches` is kept apart so that a bridge asks "is this the case" with one call per step.

    /// Embeds a payload into the root: `{ .checkIn($0) }`.
    @usableFromInline
    internal let _embed: @Sendable (Value) -> Root
    /// Calls the continuation with the payload of a matching root and returns what it returns;
    /// returns `false` for another case without calling it.
    @usableFromInline
    internal let _visit: @Sendable (Root, (Value) -> Bool) -> Bool
    /// Whether a root is this path's case.
    @usableFromInline
    internal let _matches: @Sendable (Root) -> Bool
    /// The case names from the root, joined with dots: `lifecycle.didBecomeActive`; empty for
    /// the identity (`\.self`).
    @usableFromInline
    internal let _names: String
    /// `true` for the path `\.self`, which appending skips.
    @usableFromInline
    internal let _isIdentity: Bool
    /// The tags of the cases on the path, when its first step has one (generated case paths
    /// do): how a bridge middleware finds the bridges of an action's case without asking each.
    @usableFromInline
    internal let _tags: CaseTags<Root>?
    /// Makes, from a function that reads the tag of a payload's case, the function that reads
    /// it from a root: made where the path's types are known, so that a longer path's tags read
    /// through this step in specialised code, not through ``_visit`` in generic code (the
    /// instruction gate's e/aqueduct). `nil` for a path without tags.
    @usableFromInline
    internal let _tagThroughPayload: TagThroughPayload<Root, Value>?

    /// Creates a case path from a pair of functions.
    ///
    /// `extract` must return a payload exactly for the roots `embed` can produce, so that
    /// `extract(embed(value))` gives `value` back: a lift that extracts an action and embeds what
    /// its middleware sends relies on it. The generated case paths are made with this
    /// initializer too.
    ///
    /// ```swift
    /// CasePath(
    ///     "countingUp",
    ///     embed: { .counter($0) },
    ///     extract: { action in
    ///         if case .counter(let counter) = action, counter != .decrement { counter } else { nil }
    ///     }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - name: The case's name, as failure messages show it (`set` is shown as `\.set`).
    ///   - embed: Makes the root from a payload.
    ///   - extract: Returns the payload of a matching root, `nil` for any other.
    // Inlinable, so that the functions kept are specialised — and `extract` inlined into them —
    // where the case path is made, with the enum's types known.
    @inlinable
    public init(
        _ name: String,
        embed: @escaping @Sendable (Value) -> Root,
        extract: @escaping @Sendable (Root) -> Value?
    ) {
        self.init(name, tags: nil, embed: embed, extract: extract)
    }

    /// Creates a case path from a pair of functions and the case's tag: its number among its
    /// enum's cases. The `case-accessors` command generates every case path with this
    /// initializer.
    ///
    /// A bridge middleware uses the tags to compare an action only with the bridges of its own
    /// case: with a tag, a bridge on this case costs nothing to an action of another case.
    /// `tags` must give `tag` exactly for the roots `extract` accepts, and numbers no two cases
    /// alike; it returns a negative number for a case it does not number, which then matches no
    /// tagged case path.
    ///
    /// ```swift
    /// CasePath(
    ///     "finished",
    ///     tag: 1,
    ///     tags: { action in
    ///         switch action {
    ///         case .start: 0
    ///         case .finished: 1
    ///         case .failed: 2
    ///         }
    ///     },
    ///     embed: { .finished(count: $0) },
    ///     extract: { if case .finished(let value) = $0 { value } else { nil } }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - name: The case's name, as failure messages show it.
    ///   - tag: The case's number, which `tags` returns for it; not negative.
    ///   - tags: Returns the number of any root's case.
    ///   - embed: Makes the root from a payload.
    ///   - extract: Returns the payload of a matching root, `nil` for any other.
    // Inlinable for the reason the initializer without a tag is.
    @inlinable
    public init(
        _ name: String,
        tag: Int,
        tags: @escaping @Sendable (Root) -> Int,
        embed: @escaping @Sendable (Value) -> Root,
        extract: @escaping @Sendable (Root) -> Value?
    ) {
        self.init(
            name,
            tags: tag < 0 ? nil : CaseTags(levels: [CaseTags.Level(tag: tag, tagOf: tags)], isExact: true),
            embed: embed,
            extract: extract
        )
    }

    /// The case path of one case, from its pair of functions and its tags, if any: what both
    /// public initializers make.
    @inlinable
    internal init(
        _ name: String,
        tags: CaseTags<Root>?,
        embed: @escaping @Sendable (Value) -> Root,
        extract: @escaping @Sendable (Root) -> Value?
    ) {
        self.init(
            _names: name,
            embed: embed,
            visit: { root, next in
                guard let value = extract(root) else { return false }
                return next(value)
            },
            matches: { extract($0) != nil },
            isIdentity: false,
            tags: tags,
            tagThroughPayload: tags == nil ? nil : Self.tagThroughPayload(extract: extract)
        )
    }

    /// The ``_tagThroughPayload`` of a step that extracts with `extract`.
    @inlinable
    internal static func tagThroughPayload(
        extract: @escaping @Sendable (Root) -> Value?
    ) -> TagThroughPayload<Root, Value> {
        { (tagOf: @escaping @Sendable (Value) -> Int) -> @Sendable (Root) -> Int in
            { (root: Root) -> Int in
                guard let value = extract(root) else { return -1 }
                return tagOf(value)
            }
        }
    }

    @usableFromInline
    internal init(
        _names: String,
        embed: @escaping @Sendable (Value) -> Root,
        visit: @escaping @Sendable (Root, (Value) -> Bool) -> Bool,
        matches: @escaping @Sendable (Root) -> Bool,
        isIdentity: Bool,
        tags: CaseTags<Root>?,
        tagThroughPayload: TagThroughPayload<Root, Value>? = nil
    ) {
        self._embed = embed
        self._visit = visit
        self._matches = matches
        self._names = _names
        self._isIdentity = isIdentity
        self._tags = tags
        self._tagThroughPayload = tagThroughPayload
    }

    /// Resolves a case key path — a literal or a value held in a variable — into its functions.
    ///
    /// Lifts, bridges, projections and `receive` call this once, when they are built. Call it
    /// yourself to extract or embed with a path outside them.
    ///
    /// ```swift
    /// let path = CasePath(\AppAction.Cases.countingUp)
    /// #expect(path.embed(.increment) == .counter(.increment))
    /// #expect("\(path)" == "\\.countingUp")
    /// ```
    ///
    /// - Parameter keyPath: The path, through the `AllCasePaths` of each enum on the way.
    /// - Complexity: One key-path application; the returned path calls one function per case.
    public init(_ keyPath: CaseKeyPath<Root, Value>) {
        self = Case<Root, Root>(_path: .identity)[keyPath: keyPath]._path
    }

    /// The payload of `root` when it is this path's case, `nil` otherwise.
    ///
    /// - Parameter root: The value to read, usually an action.
    /// - Returns: The payload (`()` for a case without one), or `nil`.
    @inlinable
    public func extract(from root: Root) -> Value? {
        var payload: Value?
        _ = _visit(root) { value in
            payload = value
            return true
        }
        return payload
    }

    /// The root made from a payload: the case, with its parents around it.
    ///
    /// - Parameter value: The payload.
    /// - Returns: The root, usually an action.
    @inlinable
    public func embed(_ value: Value) -> Root {
        _embed(value)
    }

    /// The one root this path matches, when it matches only one: every step is tagged, so the
    /// tags name the case at each enum, and the last case has no payload. A bridge on such a
    /// path describes its cause once, when it is made (see `BridgeRule.sharedLine`).
    @inlinable
    internal var _onlyRoot: Root? {
        guard _tags?.isExact == true, let payload = () as Any as? Value else { return nil }
        return _embed(payload)
    }

    /// This path followed by `path`: extracts through both, embeds into both.
    internal func appending<Member>(_ path: CasePath<Value, Member>) -> CasePath<Root, Member> {
        // The identity is `Root == Value`, so these casts always succeed.
        if _isIdentity { return path as Any as! CasePath<Root, Member> }
        if path._isIdentity { return self as Any as! CasePath<Root, Member> }
        let outerEmbed = _embed
        let outerVisit = _visit
        let innerEmbed = path._embed
        let innerVisit = path._visit
        let innerMatches = path._matches
        let outerThrough = _tagThroughPayload
        let innerThrough = path._tagThroughPayload
        return CasePath<Root, Member>(
            // A subscript step, `[id: #0]`, follows its case without a dot.
            _names: _names + (path._names.hasPrefix("[") ? "" : ".") + path._names,
            embed: { outerEmbed(innerEmbed($0)) },
            visit: { root, next in outerVisit(root) { innerVisit($0, next) } },
            matches: { root in outerVisit(root, innerMatches) },
            isIdentity: false,
            tags: CaseTags.appending(_tags, path._tags, through: outerThrough, visit: outerVisit),
            tagThroughPayload: Self.tagThroughPayload(outerThrough, innerThrough)
        )
    }
}

/// A ``CasePath/_tagThroughPayload``: from the reader of a payload's tag, the reader of a
/// root's.
@usableFromInline
internal typealias TagThroughPayload<Root, Value> =
    @Sendable (@escaping @Sendable (Value) -> Int) -> @Sendable (Root) -> Int

extension CasePath {
    /// The ``_tagThroughPayload`` of `outer` followed by `inner`; `nil` unless both have one.
    fileprivate static func tagThroughPayload<Member>(
        _ outer: TagThroughPayload<Root, Value>?,
        _ inner: TagThroughPayload<Value, Member>?
    ) -> TagThroughPayload<Root, Member>? {
        guard let outer, let inner else { return nil }
        return { (tagOf: @escaping @Sendable (Member) -> Int) -> @Sendable (Root) -> Int in outer(inner(tagOf)) }
    }
}

extension CasePath where Root == Value {
    /// The path `\.self`: every root is its own payload.
    internal static var identity: CasePath {
        CasePath(
            _names: "",
            embed: { $0 },
            visit: { $1($0) },
            matches: { _ in true },
            isIdentity: true,
            tags: CaseTags(levels: [], isExact: true)
        )
    }
}

extension CasePath: CustomStringConvertible {
    /// The path as a key path is written: `\.lifecycle.didBecomeActive`, `\.self` for the
    /// identity. Failure messages name a case this way.
    public var description: String {
        _isIdentity ? "\\.self" : "\\." + _names
    }
}
