/// What a case path knows of the cases it names by number: for each enum on the path, from the
/// root, the tag of the case the path takes and the function that reads the tag of any value's
/// case. A ``BridgeMiddleware`` groups its bridges by these, so that an action is compared only
/// with the bridges of its own case.
///
/// Generated case paths carry a tag (``CasePath/init(_:tag:tags:embed:extract:)``); a case path
/// made from closures alone does not, and neither does a path that continues past one: its tags
/// stop at the last tagged step, and ``isExact`` is `false`.
@usableFromInline
internal struct CaseTags<Root>: Sendable {
    /// One enum on the path: the tag of the case the path takes, and how to read the tag of a
    /// root's case at this depth.
    @usableFromInline
    internal struct Level: Sendable {
        /// The path's case at this depth.
        @usableFromInline
        let tag: Int
        /// The tag of a root's case at this depth, for a root that has the path's cases above it;
        /// a negative number for a case without a tag or a root that has other cases above.
        @usableFromInline
        let tagOf: @Sendable (Root) -> Int

        @usableFromInline
        init(tag: Int, tagOf: @escaping @Sendable (Root) -> Int) {
            self.tag = tag
            self.tagOf = tagOf
        }
    }

    /// The tagged steps of the path, from the root: empty for the identity.
    @usableFromInline
    let levels: [Level]
    /// `true` when every step of the path is tagged: a root whose tags are ``levels``' is the
    /// path's case, with no extraction needed to say so.
    @usableFromInline
    let isExact: Bool

    @usableFromInline
    init(levels: [Level], isExact: Bool) {
        self.levels = levels
        self.isExact = isExact
    }

    /// The tags of `inner` followed from the payload of `outer`'s case: `outer`'s levels, then
    /// `inner`'s read through `through` (the outer path's ``CasePath/_tagThroughPayload``) or,
    /// without it, through `visit` (which hands a root's payload to them).
    static func appending<Value>(
        _ outer: CaseTags<Root>?,
        _ inner: CaseTags<Value>?,
        through: TagThroughPayload<Root, Value>?,
        visit: @escaping @Sendable (Root, (Value) -> Bool) -> Bool
    ) -> CaseTags<Root>? {
        guard let outer else { return nil }
        guard outer.isExact, let inner else { return CaseTags(levels: outer.levels, isExact: false) }
        if let through {
            let innerLevels = inner.levels.map { Level(tag: $0.tag, tagOf: through($0.tagOf)) }
            return CaseTags(levels: outer.levels + innerLevels, isExact: inner.isExact)
        }
        let innerLevels = inner.levels.map { level in
            let tagOf = level.tagOf
            return Level(
                tag: level.tag,
                tagOf: { root in
                    var tag = -1
                    _ = visit(root) { value in
                        tag = tagOf(value)
                        return true
                    }
                    return tag
                }
            )
        }
        return CaseTags(levels: outer.levels + innerLevels, isExact: inner.isExact)
    }
}
