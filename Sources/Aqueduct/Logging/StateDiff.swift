/// The readable difference between two states, for the logger: one line per changed leaf,
/// `path.to.leaf: old → new`.
///
/// Structs and tuples are walked by their stored properties (through `Mirror`); anything else
/// — enums, collections, classes, optionals' contents — is a leaf, shown by its description
/// without module names. Values are compared with their `Equatable` conformance where they
/// have one (found at run time), otherwise by their descriptions. A top-level leaf has no
/// path (`3 → 4`).
internal enum StateDiff {
    /// How deep structs are walked before a value counts as a leaf.
    static let depthLimit = 32

    /// The changed leaves, or an empty array when the states are equal.
    ///
    /// The states are compared with their `Equatable` conformance, found at run time; states
    /// that are not `Equatable` are compared by their leaves' descriptions only.
    static func changes(from old: Any, to new: Any) -> [String] {
        if let old = old as? any Equatable, old.isEqual(to: new) { return [] }
        var lines: [String] = []
        collect(old, new, path: "", depth: 0, into: &lines)
        if lines.isEmpty {
            // `==` says the states differ, but no part of them does (a custom `==`).
            lines.append("changed, with no difference in its parts")
        }
        return lines
    }

    private static func collect(_ old: Any, _ new: Any, path: String, depth: Int, into lines: inout [String]) {
        // Equal parts are skipped without describing them; this also keeps two equal
        // dictionaries whose descriptions list their elements in different orders quiet.
        let equality = (old as? any Equatable)?.isEqual(to: new)
        if equality == true { return }
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        if depth < depthLimit, isRecord(oldMirror), oldMirror.displayStyle == newMirror.displayStyle,
            oldMirror.children.count == newMirror.children.count,
            oldMirror.subjectType == newMirror.subjectType
        {
            for (offset, (oldChild, newChild)) in zip(oldMirror.children, newMirror.children).enumerated() {
                let label = oldChild.label ?? ".\(offset)"
                let childPath = path.isEmpty ? label : path + "." + label
                collect(oldChild.value, newChild.value, path: childPath, depth: depth + 1, into: &lines)
            }
            return
        }
        let before = describe(old)
        let after = describe(new)
        if before != after || equality == false {
            lines.append(path.isEmpty ? "\(before) → \(after)" : "\(path): \(before) → \(after)")
        }
    }

    private static func isRecord(_ mirror: Mirror) -> Bool {
        mirror.displayStyle == .struct || mirror.displayStyle == .tuple
    }

    /// A leaf's text: `nil` or the wrapped value for optionals, otherwise `String(reflecting:)`
    /// without module names (strings quoted, enums as `Type.case`).
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { describe($0.value) } ?? "nil"
        }
        return ActionDescription.stripModules(String(reflecting: value))
    }
}

extension Equatable {
    /// `true` when `other` is a `Self` equal to this value.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
