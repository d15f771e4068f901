/// What changed between a generated file on disk and what its source generates now, case by
/// case, for `--check` to say which case a stale file is missing, has too many of, or has
/// differently.
///
/// Both texts are read as the generator writes them: an `extension Name {` at the start of a
/// line opens an enum's extension, and in it each case has an accessor, `    var name: … {`, and
/// (in the `AllCasePaths` struct) a case path, `        var name: CasePath<…> {`, each up to
/// the `}` at its own indentation. A case is known by `Name.case`; its text is those lines.
///
/// ```swift
/// CaseChanges(old: onDisk, new: generated).summary
/// // "case SyncAction.cancelled is new; case SyncAction.finished changed"
/// ```
struct CaseChanges: Equatable {
    /// Cases the new text has and the old one lacks, in the new text's order.
    var added: [String] = []
    /// Cases the old text has and the new one lacks, in the old text's order.
    var removed: [String] = []
    /// Cases in both whose generated code differs (a payload changed), in the new text's order.
    var changed: [String] = []

    init(old: String, new: String) {
        let before = Self.cases(in: old)
        let after = Self.cases(in: new)
        let beforeText = Dictionary(before.map { ($0.name, $0.text) }, uniquingKeysWith: { $0 + "\n" + $1 })
        let afterText = Dictionary(after.map { ($0.name, $0.text) }, uniquingKeysWith: { $0 + "\n" + $1 })
        for name in Self.unique(after.map(\.name)) {
            switch beforeText[name] {
            case nil: added.append(name)
            case let text? where text != afterText[name]: changed.append(name)
            default: break
            }
        }
        removed = Self.unique(before.map(\.name)).filter { afterText[$0] == nil }
    }

    /// The changes in words, or `nil` when no case differs (the imports or the generator's own
    /// format did).
    var summary: String? {
        var parts: [String] = []
        parts += added.map { "case \($0) is new" }
        parts += changed.map { "case \($0) changed" }
        parts += removed.map { "case \($0) is gone" }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Each case's lines in a generated text, keyed `Enum.case`, in order; a case appears once
    /// per block (its accessor, its case path).
    private static func cases(in text: String) -> [(name: String, text: String)] {
        var result: [(name: String, text: String)] = []
        var enumName: String?
        var open: (name: String, indent: Int, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var block = open {
                block.lines.append(line)
                let indent = line.prefix { $0 == " " }.count
                if indent == block.indent && line.dropFirst(indent) == "}" {
                    result.append((block.name, withoutTag(block.lines.joined(separator: "\n"))))
                    open = nil
                } else {
                    open = block
                }
                continue
            }
            if line.hasPrefix("extension "), line.hasSuffix(" {") {
                enumName = String(line.dropFirst("extension ".count).dropLast(" {".count))
                continue
            }
            if line == "}" {
                enumName = nil
                continue
            }
            guard let enumName, let (name, indent) = declaredProperty(line) else { continue }
            open = ("\(enumName).\(name)", indent, [line])
        }
        return result
    }

    /// `finished` and the indentation for `    public var finished: Int? {`; `nil` for any other
    /// line.
    private static func declaredProperty(_ line: Substring) -> (String, Int)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent == 4 || indent == 8, line.hasSuffix(" {") else { return nil }
        let words = line.dropFirst(indent).split(separator: " ")
        guard let varIndex = words.firstIndex(of: "var"), varIndex + 1 < words.count,
            words[..<varIndex].allSatisfy({ ["public", "package"].contains($0) }),
            words[varIndex + 1].hasSuffix(":")
        else { return nil }
        let name = words[varIndex + 1].dropLast()
        let bare = name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? name.dropFirst().dropLast() : name
        return (String(bare), indent)
    }

    /// A case path's text without its case's tag — `tag: 2, ` becomes `tag: _, ` — since the
    /// tag is the case's position: a case added before it moves it without changing the case.
    private static func withoutTag(_ text: String) -> String {
        guard let start = text.range(of: "\", tag: ") else { return text }
        let digits = text[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text[digits.endIndex...].hasPrefix(", tags: ") else { return text }
        return String(text[..<start.upperBound]) + "_" + text[digits.endIndex...]
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
