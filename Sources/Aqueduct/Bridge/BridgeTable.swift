/// The bridges of a ``BridgeMiddleware`` filed by the tags of their case paths: what `handle`
/// reads to find the bridges an action may match without asking the others.
///
/// A bridge on a generated case path such as `\.trigger.t9` is filed under its case's tag at
/// each enum on the path (`trigger`, then `t9`). An action follows its own cases' tags down
/// the tables as far as bridges are filed, and stops at a table whose ``chain`` holds, in the
/// order they were added, the bridges filed there or above it and the bridges without tags (a
/// case path of closures, `==`, a bare derivation), which are asked as before. A bridge whose
/// every step is tagged is known to match there and is not asked at all. An action of a case
/// no bridge names stops at the top and meets only the bridges without tags.
@usableFromInline
internal final class BridgeTable<Action: Sendable, State>: Sendable {
    /// The bridges an action that stops at this table may match, in the order they were added.
    @usableFromInline
    let chain: BridgeEntry<Action, State>?
    /// The tag of an action's case one enum deeper, when bridges are filed deeper.
    @usableFromInline
    let tagOf: (@Sendable (Action) -> Int)?
    /// The tables one enum deeper, indexed by that enum's tag: what keeps them.
    let children: [BridgeTable?]
    /// ``children``, unretained, as ``firstMatch(for:)`` reads them.
    // Kept for the instruction gate's e/aqueduct: a retained child is retained and released
    // around the call into it, at each level. ``children`` keeps each one as long as this table.
    @usableFromInline
    let unretainedChildren: [Unmanaged<BridgeTable>?]

    /// The largest tag a table indexes; a case path with a larger one is filed above it, and
    /// asked. Generated tags count an enum's cases, far below it.
    private static var largestTag: Int { 4_095 }

    /// The table of `rules`, in the order they were added; `nil` for none. Its chains' entries
    /// are appended to `entries` (see ``BridgeEntry/chain(_:into:)``).
    static func make(
        _ rules: [BridgeRule<Action, State>],
        into entries: inout [BridgeEntry<Action, State>]
    ) -> BridgeTable? {
        guard !rules.isEmpty else { return nil }
        var here: [Filed] = []
        var deeper: [Filed] = []
        for (index, rule) in rules.enumerated() {
            let filed = Filed(index: index, rule: rule)
            if filed.levels.isEmpty { here.append(filed) } else { deeper.append(filed) }
        }
        return BridgeTable(depth: 0, here: here, deeper: deeper, into: &entries)
    }

    /// A bridge as a table files it: its tags up to the first that a table cannot index.
    private struct Filed {
        let index: Int
        let rule: BridgeRule<Action, State>
        let levels: ArraySlice<CaseTags<Action>.Level>
        /// Whether reaching the end of ``levels`` means the bridge matches.
        let isExact: Bool

        init(index: Int, rule: BridgeRule<Action, State>) {
            self.index = index
            self.rule = rule
            let levels = rule.tags?.levels ?? []
            let indexable = levels.prefix { (0...BridgeTable.largestTag).contains($0.tag) }
            self.levels = indexable
            self.isExact = rule.tags?.isExact == true && indexable.count == levels.count
        }
    }

    /// The table for actions whose tags are those of the `deeper` bridges above `depth`: `here`,
    /// the bridges it asks (filed above it, or without tags), and `deeper`, those filed under it.
    private init(depth: Int, here: [Filed], deeper: [Filed], into entries: inout [BridgeEntry<Action, State>]) {
        self.chain = BridgeEntry.chain(
            here.sorted { $0.index < $1.index }.map { filed in
                filed.isExact && filed.levels.count <= depth ? filed.rule.matchingEveryAction : filed.rule
            },
            into: &entries
        )
        guard let first = deeper.first else {
            self.tagOf = nil
            self.children = []
            self.unretainedChildren = []
            return
        }
        let level = first.levels.startIndex + depth
        self.tagOf = first.levels[level].tagOf
        var byTag: [Int: (here: [Filed], deeper: [Filed])] = [:]
        for filed in deeper {
            let tag = filed.levels[filed.levels.startIndex + depth].tag
            if filed.levels.count == depth + 1 {
                byTag[tag, default: (here, [])].here.append(filed)
            } else {
                byTag[tag, default: (here, [])].deeper.append(filed)
            }
        }
        var children = [BridgeTable?](repeating: nil, count: (byTag.keys.max() ?? -1) + 1)
        for (tag, filed) in byTag {
            children[tag] = BridgeTable(
                depth: depth + 1,
                here: filed.here,
                deeper: filed.deeper,
                into: &entries
            )
        }
        self.children = children
        self.unretainedChildren = children.map { $0.map(Unmanaged.passUnretained) }
    }

    /// The first bridge `action` may match, in the chain of the deepest table its cases' tags
    /// lead to, as its ``BridgeEntry/matchCode``; `nil` when none matches.
    // Tail calls, like the chain's walk, and the tag function called through `tagOf?`, which
    // borrows it where binding it would copy it (a retain and a release per table).
    @inlinable
    func firstMatch(for action: Action) -> Int? {
        if let tag = tagOf?(action), UInt(bitPattern: tag) < UInt(bitPattern: unretainedChildren.count),
            let child = unretainedChildren[tag]
        {
            return child._withUnsafeGuaranteedRef { $0.firstMatch(for: action) }
        }
        return chain?.firstMatchCode(for: action)
    }
}
