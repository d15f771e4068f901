import Aqueduct

/// Describes how two values differ, one line per differing path, found by reflection:
///
/// ```
/// count: 1 → 2
/// items[1].title: "Milk" → "Bread"
/// status.loaded.0: 3 → 4
/// ```
///
/// Structs, classes and tuples are compared field by field, enums case by case and then by
/// payload, optionals by their wrapped values, arrays element by element, dictionaries key by
/// key. Anything else is a leaf, compared by its description.
enum StateDiff {
    /// The most lines a diff shows; the rest are counted.
    static let lineLimit = 40

    /// Lines `path: expected → actual` for each differing leaf. Empty when reflection finds no
    /// difference (values with a custom `==`, for example).
    static func lines(expected: Any, actual: Any) -> [String] {
        var lines: [String] = []
        collect(expected, actual, path: "", into: &lines)
        if lines.count > lineLimit {
            let hidden = lines.count - lineLimit
            lines.removeLast(hidden)
            lines.append("… and \(hidden) more")
        }
        return lines
    }

    /// The diff as indented text, falling back to both full descriptions when reflection finds
    /// no difference.
    static func text(expected: Any, actual: Any) -> String {
        let lines = lines(expected: expected, actual: actual)
        if lines.isEmpty {
            return "    expected: \(describe(expected))\n    actual:   \(describe(actual))"
        }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// A value's description without module prefixes, strings quoted.
    static func describe(_ value: Any) -> String {
        ActionDescription.stripModules(String(reflecting: value))
    }

    private static func collect(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        func leaf() {
            let before = describe(expected)
            let after = describe(actual)
            if before != after { lines.append("\(path.isEmpty ? "state" : path): \(before) → \(after)") }
        }
        guard left.displayStyle == right.displayStyle, left.subjectType == right.subjectType else { return leaf() }
        switch left.displayStyle {
        case .optional:
            switch (left.children.first, right.children.first) {
            case (let some?, let other?): collect(some.value, other.value, path: path, into: &lines)
            default: leaf()
            }
        case .struct, .class, .tuple:
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            guard !leftChildren.isEmpty, leftChildren.map(\.label) == rightChildren.map(\.label) else { return leaf() }
            for (index, (before, after)) in zip(leftChildren, rightChildren).enumerated() {
                let name = before.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
                collect(before.value, after.value, path: join(path, name), into: &lines)
            }
        case .enum:
            guard let before = left.children.first, let after = right.children.first,
                before.label == after.label, let name = before.label
            else { return leaf() }
            collect(before.value, after.value, path: join(path, name), into: &lines)
        case .collection:
            let leftElements = Array(left.children)
            let rightElements = Array(right.children)
            for index in 0..<min(leftElements.count, rightElements.count) {
                collect(leftElements[index].value, rightElements[index].value, path: "\(path)[\(index)]", into: &lines)
            }
            if leftElements.count != rightElements.count {
                lines.append("\(join(path, "count")): \(leftElements.count) → \(rightElements.count)")
                for index in rightElements.count..<max(leftElements.count, rightElements.count) {
                    lines.append("\(path)[\(index)]: \(describe(leftElements[index].value)) → (none)")
                }
                for index in leftElements.count..<max(leftElements.count, rightElements.count) {
                    lines.append("\(path)[\(index)]: (none) → \(describe(rightElements[index].value))")
                }
            }
        case .dictionary:
            let before = entries(left)
            let after = entries(right)
            for key in Set(before.keys).union(after.keys).sorted() {
                switch (before[key], after[key]) {
                case (let old?, let new?): collect(old, new, path: "\(path)[\(key)]", into: &lines)
                case (let old?, nil): lines.append("\(path)[\(key)]: \(describe(old)) → (none)")
                case (nil, let new?): lines.append("\(path)[\(key)]: (none) → \(describe(new))")
                case (nil, nil): break
                }
            }
        default:
            leaf()
        }
    }

    /// A dictionary's entries by the description of their keys.
    private static func entries(_ mirror: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries[describe(pair[0].value)] = pair[1].value
        }
        return entries
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }
}
