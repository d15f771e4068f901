/// The parts that differ between two values of the same type, found by reflection: the one state
/// diff of the package, behind the logger's `state:` lines and the test store's failure messages.
///
/// ```swift
/// let diff = StateDiff(from: [Int](), to: Array(repeating: 7, count: 1_000_000), limit: 3)
/// #expect(diff.changes.map(\.description) == ["count: 0 → 1000000", "[0]: (none) → 7", "[1]: (none) → 7"])
/// ```
///
/// How each kind of value is compared, after a shortcut: two values that are `Equatable` (found
/// at run time) and `==` are the same, and nothing inside them is looked at.
/// - Structs, tuples and classes: property by property (a class with its superclasses'
///   properties; the same object on both sides is no difference; an object met again on the way
///   down is not walked again, so a cycle ends).
/// - Enums: the same case is compared payload by payload under `.case`; different cases are a
///   leaf.
/// - Optionals: two wrapped values are compared as the values; `nil` is written `nil`.
/// - Arrays and other ordered collections: element by element by position, with a `count`
///   change first when the lengths differ, then the elements only one side has.
/// - Dictionaries: entry by entry by key; sets: the members only one side has, as a change of
///   the set's own path from or to `(none)`.
/// - Anything else, and values that bring both their own `Mirror` and their own description
///   (`Date`, `URL`, `UUID`…), is a leaf: it differs when its descriptions differ or `==` says so.
///
/// Descriptions are `String(reflecting:)` without module names (strings quoted, enums as
/// `Type.case`), cut at ``descriptionLimit`` characters. Two leaves are compared by their whole
/// descriptions; when they differ only past the cut, both are shown from a little before the
/// first difference (`…`), so a change deep inside a value is never dropped nor shown as two
/// equal texts.
///
/// A floating-point value that is NaN on both sides has not changed (`==` says NaN differs from
/// itself): a field that stays NaN is no change.
///
/// ## Bounds
/// At most `limit` changes are collected; when one more is found the walk stops and
/// ``isTruncated`` is set, so a huge collection whose every element changed costs a bounded
/// number of descriptions. Values nest at most ``depthLimit`` levels before the rest counts as a
/// leaf. The work is one comparison per part visited, and a description only for each change
/// reported.
///
/// `package` access: the logger, the test store and a recorder use it; it is not API.
package struct StateDiff: Hashable, Sendable {
    /// The most changes collected by default.
    package static let defaultLimit = 40
    /// How many levels of nested values are walked before the rest is compared as a leaf.
    package static let depthLimit = 64
    /// The most characters of a description; longer ones end with `…`.
    package static let descriptionLimit = 1_000

    /// The changes in the order found: properties in declaration order, elements by position,
    /// dictionary entries and set members by their description.
    package private(set) var changes: [StateChange] = []
    /// More parts differ than the limit allowed; the walk stopped at the limit.
    package private(set) var isTruncated = false
    /// How many of the left-out paths (`leavingOut`) had a difference.
    package private(set) var leftOutCount = 0
    /// Some value's `==` said it differs, but none of its parts does: a custom `==`. No change
    /// can show it; the values differ all the same.
    package private(set) var hasUnexplainedDifference = false

    /// Compares two values of the same type.
    ///
    /// - Parameters:
    ///   - before: The value before (or the expected one).
    ///   - after: The value after (or the actual one).
    ///   - leftOut: Paths not to look into: a difference at or under one only counts in
    ///     ``leftOutCount``. See ``path(of:)`` to make one from a key path.
    ///   - limit: The most changes to collect.
    /// - Complexity: O(*n*) comparisons in the number of parts visited, plus one description
    ///   per change reported.
    package init(
        from before: Any,
        to after: Any,
        leavingOut leftOut: [[StateChange.Step]] = [],
        limit: Int = defaultLimit
    ) {
        var walk = Walk(limit: max(limit, 0), leftOut: Set(leftOut))
        walk.compare(before, after, path: [], depth: 0)
        changes = walk.changes
        isTruncated = walk.isTruncated
        leftOutCount = walk.leftOutCount
        hasUnexplainedDifference = walk.hasUnexplainedDifference
    }

    /// Whether no part differs (none that reflection can see: two values whose custom `==`
    /// differs while every part is the same have no changes).
    package var isEmpty: Bool { changes.isEmpty && !isTruncated }

    /// A value as the diff writes it: `nil` for an absent optional, the wrapped value for a
    /// present one (`Optional(nil)` for a present `nil`), otherwise `String(reflecting:)`
    /// without module names, cut at ``descriptionLimit`` characters.
    ///
    /// - Parameter value: Any value.
    /// - Returns: Its description.
    package static func describe(_ value: Any) -> String {
        cut(fullDescription(value))
    }

    /// ``describe(_:)`` without the cut.
    private static func fullDescription(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            let inner = Mirror(reflecting: wrapped)
            let isAbsent = inner.displayStyle == .optional && inner.children.isEmpty
            return isAbsent ? "Optional(nil)" : fullDescription(wrapped)
        }
        return ActionDescription.stripModules(String(reflecting: value))
    }

    private static func cut(_ text: String) -> String {
        guard text.count > descriptionLimit else { return text }
        return String(text.prefix(descriptionLimit)) + "…"
    }

    /// Two different descriptions, each cut to ``descriptionLimit`` characters so that the cut
    /// texts still differ: from the start when they differ early, else both from a little
    /// before their first difference, marked with a leading `…`.
    private static func cut(_ before: String, _ after: String) -> (String, String) {
        guard before.count > descriptionLimit || after.count > descriptionLimit else { return (before, after) }
        let common = zip(before, after).prefix { $0 == $1 }.count
        let context = descriptionLimit / 5
        guard common >= descriptionLimit - context, before != after else { return (cut(before), cut(after)) }
        func window(_ text: String) -> String {
            let rest = text.dropFirst(common - context)
            return "…" + (rest.count > descriptionLimit ? String(rest.prefix(descriptionLimit)) + "…" : String(rest))
        }
        return (window(before), window(after))
    }

    /// The diff path of a key path made of stored properties (through optionals):
    /// `\AppState.session?.token` is `[.property("session"), .property("token")]`.
    ///
    /// Read from the key path's description, which names stored properties; a key path through
    /// a subscript or a computed property has no name there and gets `nil`.
    ///
    /// - Parameter keyPath: The key path.
    /// - Returns: Its steps, or `nil` when it is not a chain of stored properties.
    package static func path<Root>(of keyPath: PartialKeyPath<Root>) -> [StateChange.Step]? {
        let root = String(reflecting: \Root.self as PartialKeyPath<Root>)
        let text = String(reflecting: keyPath)
        guard root.hasSuffix(".self"), text.hasPrefix(root.dropLast(4)) else { return nil }
        let rest = text.dropFirst(root.count - 4)
        if rest == "self" { return [] }
        var steps: [StateChange.Step] = []
        for part in rest.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(part)
            while let last = name.last, last == "?" || last == "!" { name = name.dropLast() }
            guard let first = name.first, first.isLetter || first == "_",
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            steps.append(.property(String(name)))
        }
        return steps
    }
}

extension StateDiff {
    /// Two values being compared, with their mirrors and what `==` said of them (`nil`: not
    /// `Equatable`).
    fileprivate struct Sides {
        let old: Any
        let new: Any
        let oldMirror: Mirror
        let newMirror: Mirror
        let equality: Bool?
    }

    /// The walk over two values: what it found so far and what bounds it.
    fileprivate struct Walk {
        let limit: Int
        let leftOut: Set<[StateChange.Step]>
        var changes: [StateChange] = []
        var isTruncated = false
        var leftOutCount = 0
        var hasUnexplainedDifference = false
        /// NaN values met on both sides: `==` said they differ, the walk says they do not.
        var sameNaNs = 0
        /// The objects on the way from the root to the current part (the `before` side), so that
        /// a cycle of references ends.
        var objectsOnPath: Set<ObjectIdentifier> = []

        init(limit: Int, leftOut: Set<[StateChange.Step]>) {
            self.limit = limit
            self.leftOut = leftOut
        }

        mutating func record(_ path: [StateChange.Step], _ before: String?, _ after: String?) {
            if changes.count == limit {
                isTruncated = true
                return
            }
            changes.append(StateChange(path: path, before: before, after: after))
        }

        /// What the walk has found so far: changes, left-out differences and NaNs.
        var found: Int { changes.count + leftOutCount + sameNaNs }

        mutating func compare(_ old: Any, _ new: Any, path: [StateChange.Step], depth: Int) {
            if isTruncated { return }
            if leftOut.isEmpty, let leaf = commonLeaf(old, new) {
                if case .changed(let before, let after) = leaf { record(path, before, after) }
                return
            }
            let equality = isEqual(old, new)
            if equality == true { return }
            if equality == false, isNaN(old), isNaN(new) {
                sameNaNs += 1
                return
            }
            if !leftOut.isEmpty, leftOut.contains(path) {
                if equality == false || describe(old) != describe(new) { leftOutCount += 1 }
                return
            }
            let foundBefore = found
            compareParts(old, new, equality, path: path, depth: depth)
            // `==` said they differ and no part does: only the values' own `==` knows why.
            if equality == false, found == foundBefore, !isTruncated { hasUnexplainedDifference = true }
        }

        mutating func compareParts(
            _ old: Any,
            _ new: Any,
            _ equality: Bool?,
            path: [StateChange.Step],
            depth: Int
        ) {
            let oldMirror = Mirror(reflecting: old)
            let newMirror = Mirror(reflecting: new)
            let sides = Sides(old: old, new: new, oldMirror: oldMirror, newMirror: newMirror, equality: equality)
            guard depth < depthLimit, oldMirror.subjectType == newMirror.subjectType,
                let style = oldMirror.displayStyle, newMirror.displayStyle == style
            else { return leaf(old, new, equality, path) }
            switch style {
            case .optional:
                guard let oldValue = oldMirror.children.first?.value, let newValue = newMirror.children.first?.value
                else { return leaf(old, new, equality, path) }
                compare(oldValue, newValue, path: path, depth: depth + 1)
            case .struct, .tuple:
                if isOpaque(old) {
                    let before = fullDescription(old)
                    let after = fullDescription(new)
                    // The value's own description is what people know it by; its parts only
                    // explain a difference the description does not show.
                    if before != after {
                        let (shownBefore, shownAfter) = cut(before, after)
                        return record(path, shownBefore, shownAfter)
                    }
                }
                compareProperties(sides, path: path, depth: depth)
            case .class:
                let oldObject = old as AnyObject
                if oldObject === (new as AnyObject) { return }
                if isOpaque(old) { return leaf(old, new, equality, path) }
                // Met again on the way down: a cycle. Its differences are reported where it
                // was first met.
                if objectsOnPath.contains(ObjectIdentifier(oldObject)) { return }
                objectsOnPath.insert(ObjectIdentifier(oldObject))
                compareProperties(sides, path: path, depth: depth)
                objectsOnPath.remove(ObjectIdentifier(oldObject))
            case .enum:
                guard let oldCase = oldMirror.children.first, let newCase = newMirror.children.first,
                    let name = oldCase.label, newCase.label == name
                else { return leaf(old, new, equality, path) }
                compare(oldCase.value, newCase.value, path: path + [.enumCase(name)], depth: depth + 1)
            case .collection:
                if let old = old as? any EquatableElements, old.compareElements(with: new, in: &self, path, depth) {
                    return
                }
                compareElements(oldMirror, newMirror, path: path, depth: depth)
            case .dictionary:
                compareEntries(sides, path: path, depth: depth)
            case .set:
                compareMembers(sides, path: path)
            default:
                leaf(old, new, equality, path)
            }
        }

        /// A part compared as a whole: it differs when its whole descriptions differ or `==`
        /// says so.
        mutating func leaf(_ old: Any, _ new: Any, _ equality: Bool?, _ path: [StateChange.Step]) {
            let before = fullDescription(old)
            let after = fullDescription(new)
            guard before != after || equality == false else { return }
            let (shownBefore, shownAfter) = cut(before, after)
            record(path, shownBefore, shownAfter)
        }

        mutating func compareProperties(_ sides: Sides, path: [StateChange.Step], depth: Int) {
            let oldChildren = allChildren(sides.oldMirror)
            let newChildren = allChildren(sides.newMirror)
            guard !oldChildren.isEmpty, oldChildren.map(\.label) == newChildren.map(\.label) else {
                return leaf(sides.old, sides.new, sides.equality, path)
            }
            for (index, (before, after)) in zip(oldChildren, newChildren).enumerated() {
                if isTruncated { return }
                let name = before.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
                compare(before.value, after.value, path: path + [.property(name)], depth: depth + 1)
            }
        }

        mutating func compareElements(_ oldMirror: Mirror, _ newMirror: Mirror, path: [StateChange.Step], depth: Int) {
            let oldCount = oldMirror.children.count
            let newCount = newMirror.children.count
            if oldCount != newCount { record(path + [.property("count")], "\(oldCount)", "\(newCount)") }
            let oldElements = oldMirror.children.makeIterator()
            let newElements = newMirror.children.makeIterator()
            var index = 0
            while !isTruncated {
                switch (oldElements.next(), newElements.next()) {
                case (let before?, let after?):
                    compare(before.value, after.value, path: path + [.index(index)], depth: depth + 1)
                case (let before?, nil):
                    record(path + [.index(index)], describe(before.value), nil)
                case (nil, let after?):
                    record(path + [.index(index)], nil, describe(after.value))
                case (nil, nil):
                    return
                }
                index += 1
            }
        }

        mutating func compareEntries(_ sides: Sides, path: [StateChange.Step], depth: Int) {
            guard let oldEntries = entries(sides.oldMirror), let newEntries = entries(sides.newMirror) else {
                return leaf(sides.old, sides.new, sides.equality, path)
            }
            let keys = Set(oldEntries.keys).union(newEntries.keys).map { (key: $0, text: describe($0.base)) }
            for (key, text) in keys.sorted(by: { $0.text < $1.text }) {
                if isTruncated { return }
                let keyPath = path + [.key(text)]
                switch (oldEntries[key], newEntries[key]) {
                case (let before?, let after?): compare(before, after, path: keyPath, depth: depth + 1)
                case (let before?, nil): record(keyPath, describe(before), nil)
                case (nil, let after?): record(keyPath, nil, describe(after))
                case (nil, nil): break
                }
            }
        }

        mutating func compareMembers(_ sides: Sides, path: [StateChange.Step]) {
            guard let oldMembers = members(sides.oldMirror), let newMembers = members(sides.newMirror) else {
                return leaf(sides.old, sides.new, sides.equality, path)
            }
            let removed = oldMembers.subtracting(newMembers).map { describe($0.base) }.sorted()
            let inserted = newMembers.subtracting(oldMembers).map { describe($0.base) }.sorted()
            for member in removed { record(path, member, nil) }
            for member in inserted { record(path, nil, member) }
        }
    }

    /// Two leaves of a type most states are made of.
    private enum CommonLeaf {
        case same
        case changed(before: String, after: String)
    }

    /// Two `Int`s, `Bool`s or `String`s (of exactly that type, not optionals of it), compared and
    /// described as the walk would — `==`, then each one's description (a string's is a
    /// quoted literal, which `stripModules` leaves as it is) cut as ``cut(_:_:)`` cuts — but
    /// without the casts to `Equatable` and `FloatingPoint` and the mirrors, which cost
    /// thousands of instructions a leaf; `nil` for any other values.
    private static func commonLeaf(_ old: Any, _ new: Any) -> CommonLeaf? {
        let leafType = type(of: old)
        guard leafType == type(of: new) else { return nil }
        if leafType == Int.self, let old = old as? Int, let new = new as? Int {
            return old == new ? .same : .changed(before: old.description, after: new.description)
        }
        if leafType == String.self, let old = old as? String, let new = new as? String {
            if old == new { return .same }
            let (before, after) = cut(String(reflecting: old), String(reflecting: new))
            return .changed(before: before, after: after)
        }
        if leafType == Bool.self, let old = old as? Bool, let new = new as? Bool {
            return old == new ? .same : .changed(before: old.description, after: new.description)
        }
        return nil
    }

    /// The children of a mirror and of its superclass mirrors, superclass first.
    private static func allChildren(_ mirror: Mirror) -> [Mirror.Child] {
        var children = mirror.superclassMirror.map(allChildren) ?? []
        children.append(contentsOf: mirror.children)
        return children
    }

    /// A dictionary's entries by key, or `nil` when its keys cannot be told apart at run time.
    private static func entries(_ mirror: Mirror) -> [AnyHashable: Any]? {
        var entries: [AnyHashable: Any] = [:]
        for child in mirror.children {
            let pair = Mirror(reflecting: child.value).children
            guard pair.count == 2, let key = pair.first?.value as? AnyHashable,
                let value = pair.dropFirst().first?.value
            else { return nil }
            entries[key] = value
        }
        return entries
    }

    /// A set's members, or `nil` when they cannot be told apart at run time.
    private static func members(_ mirror: Mirror) -> Set<AnyHashable>? {
        var members: Set<AnyHashable> = []
        for child in mirror.children {
            guard let member = child.value as? AnyHashable else { return nil }
            members.insert(member)
        }
        return members
    }

    /// A struct or class that brings its own mirror and its own description (`Date`, `URL`):
    /// its description, not its mirror's parts, is what people read.
    private static func isOpaque(_ value: Any) -> Bool {
        value is any CustomReflectable
            && (value is any CustomStringConvertible || value is any CustomDebugStringConvertible)
    }

    /// Whether a value is a floating-point NaN.
    private static func isNaN(_ value: Any) -> Bool {
        (value as? any FloatingPoint)?.isNaN == true
    }

    /// `==` of two values when the first is `Equatable` (found at run time) and the second is
    /// of its type; `nil` when that cannot be decided.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another value.
    /// - Returns: Whether they are equal, or `nil` when they cannot be compared with `==`.
    package static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return lhs.isEqual(to: rhs)
    }
}

/// An array whose elements are `Equatable`: the walk compares its elements with their own `==`
/// and descends only into those that differ, instead of reflecting on every element.
private protocol EquatableElements {
    /// Compares this array with `other` element by element into `walk`; `false` when `other` is
    /// not an array of the same type (the walk then reflects).
    func compareElements(
        with other: Any,
        in walk: inout StateDiff.Walk,
        _ path: [StateChange.Step],
        _ depth: Int
    ) -> Bool
}

extension Array: EquatableElements where Element: Equatable {
    fileprivate func compareElements(
        with other: Any,
        in walk: inout StateDiff.Walk,
        _ path: [StateChange.Step],
        _ depth: Int
    ) -> Bool {
        guard let other = other as? Self else { return false }
        if count != other.count { walk.record(path + [.property("count")], "\(count)", "\(other.count)") }
        // What the reflecting walk does, in the same order: equal elements add nothing there.
        for index in 0..<Swift.min(count, other.count) where self[index] != other[index] {
            if walk.isTruncated { return true }
            walk.compare(self[index], other[index], path: path + [.index(index)], depth: depth + 1)
        }
        for index in other.count..<Swift.max(count, other.count) where !walk.isTruncated {
            walk.record(path + [.index(index)], StateDiff.describe(self[index]), nil)
        }
        for index in count..<Swift.max(count, other.count) where !walk.isTruncated {
            walk.record(path + [.index(index)], nil, StateDiff.describe(other[index]))
        }
        return true
    }
}

extension Equatable {
    /// `==` with a value of unknown type; `nil` when it is not a `Self`.
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
