extension ActionRecord.Action {
    /// The action's name as a reader scans it: a child's action under the case, stack entry or
    /// element id it belongs to, without the generic types that spell out its route.
    ///
    /// `path(StackAction<DetailState, DetailAction>.element(id: #3, action: DetailAction.tap))`
    /// is named `path[3] › tap`, `rows(id: 7, action: RowAction.tap)` is `rows[7] › tap`, and
    /// `destination(PresentationAction<AlertAction>.presented(AlertAction.confirm))` is
    /// `destination › confirm`. Any other description is its own name.
    ///
    /// The name is derived from the description, not recorded: the description stays what
    /// replay matches on, and a recording written before names existed is named alike.
    package var name: String { Self.name(of: description) }

    /// The name of an action with this description (see ``name``).
    ///
    /// - Parameter description: An action's description, as ``description`` holds it.
    /// - Returns: The readable name, or `description` itself when it names no child action.
    /// - Complexity: O(*n*) in the description's length for each level of children.
    package static func name(of description: String) -> String {
        // Only these forms are rewritten; the check keeps the common description from being
        // parsed at all.
        guard
            description.contains("action: ") || description.contains("StackAction<")
                || description.contains("PresentationAction<")
        else { return description }
        return ChildActionName(Array(description)).childName().map { String($0) } ?? description
    }
}

/// A description's text parsed as nested enum cases, for ``ActionRecord/Action/name``.
private struct ChildActionName {
    let text: [Character]

    init(_ text: [Character]) { self.text = text }

    init(_ text: ArraySlice<Character>) { self.text = Array(text) }

    static let separator = Array(" › ")

    /// `case(payload)` with a child's action in the payload, named; `nil` for any other text.
    func childName() -> [Character]? {
        var end = 0
        while end < text.count, Self.isIdentifier(text[end]) { end += 1 }
        guard end > 0, !text[0].isUppercase, end < text.count, text[end] == "(", closing(of: end) == text.count - 1
        else { return nil }
        let head = text[0..<end]
        let payload = ChildActionName(text[(end + 1)..<(text.count - 1)])
        if let (type, rest) = payload.typeAndCase() {
            let routed = ChildActionName(rest)
            switch type {
            case "StackAction":
                if let (id, action) = routed.elementArguments(case: "element") {
                    return Array(head) + subscripted(id) + Self.separator + Self.inner(action)
                }
                return Array(head) + Self.separator + rest
            case "PresentationAction":
                if let presented = routed.onlyArgument(case: "presented") {
                    return Array(head) + Self.separator + Self.inner(presented)
                }
                return Array(head) + Self.separator + rest
            default:
                return routed.childName().map { Array(head) + Self.separator + $0 }
            }
        }
        if let (id, action) = payload.labelledArguments() {
            return Array(head) + subscripted(id) + Self.separator + Self.inner(action)
        }
        return nil
    }

    /// A child's action: its enum type dropped (`DetailAction.tap` is `tap`), and named in turn.
    private static func inner(_ action: ArraySlice<Character>) -> [Character] {
        let parsed = ChildActionName(action)
        let rest = parsed.typeAndCase().map { ChildActionName($0.rest) } ?? parsed
        return rest.childName() ?? rest.text
    }

    /// `[3]` for a stack id (`#3`), `[id]` for any other id.
    private func subscripted(_ id: ArraySlice<Character>) -> [Character] {
        var id = id
        if id.first == "#", id.count > 1, id.dropFirst().allSatisfy(\.isNumber) { id = id.dropFirst() }
        return ["["] + id + ["]"]
    }

    /// A value written `Type.case…` (`Module.Type<A, B>.case(…)` with modules removed, or a
    /// nested `Outer.Inner.case`): the last type name, without its generic arguments, and the
    /// text from the case on.
    private func typeAndCase() -> (type: String, rest: ArraySlice<Character>)? {
        var index = 0
        var type = ""
        while index < text.count, text[index].isUppercase {
            let start = index
            while index < text.count, Self.isIdentifier(text[index]) { index += 1 }
            type = String(text[start..<index])
            if index < text.count, text[index] == "<" {
                guard let end = closing(of: index) else { return nil }
                index = end + 1
            }
            guard index + 1 < text.count, text[index] == "." else { return nil }
            index += 1
            let next = text[index]
            if next.isLowercase || next == "_" { return (type, text[index...]) }
        }
        return nil
    }

    /// `element(id: X, action: Y)`'s `X` and `Y`.
    private func elementArguments(case name: String) -> (ArraySlice<Character>, ArraySlice<Character>)? {
        guard let payload = payload(of: name) else { return nil }
        return ChildActionName(payload).labelledArguments()
    }

    /// `presented(Y)`'s `Y`.
    private func onlyArgument(case name: String) -> ArraySlice<Character>? {
        guard let payload = payload(of: name), ChildActionName(payload).topLevelCommas().isEmpty else { return nil }
        return payload
    }

    /// The payload of `name(…)` when the whole text is that case.
    private func payload(of name: String) -> ArraySlice<Character>? {
        let head = Array(name + "(")
        guard text.count > head.count, Array(text.prefix(head.count)) == head,
            closing(of: head.count - 1) == text.count - 1
        else { return nil }
        return text[head.count..<(text.count - 1)]
    }

    /// `id: X, action: Y`'s `X` and `Y`: a collection's element action, or a stack's.
    private func labelledArguments() -> (ArraySlice<Character>, ArraySlice<Character>)? {
        let commas = topLevelCommas()
        guard commas.count == 1 else { return nil }
        let first = text[..<commas[0]]
        let second = text[(commas[0] + 1)...]
        let idLabel = Array("id: ")
        let actionLabel = Array(" action: ")
        guard first.starts(with: idLabel), second.starts(with: actionLabel) else { return nil }
        let id = first.dropFirst(idLabel.count)
        let action = second.dropFirst(actionLabel.count)
        guard !id.isEmpty, !action.isEmpty else { return nil }
        return (id, action)
    }

    /// The commas outside brackets and string literals.
    private func topLevelCommas() -> [Int] {
        var commas: [Int] = []
        var index = 0
        while index < text.count {
            switch text[index] {
            case "(", "[", "<":
                guard let end = closing(of: index) else { return [] }
                index = end + 1
                continue
            case "\"":
                guard let end = endOfString(from: index) else { return [] }
                index = end + 1
                continue
            case ",":
                commas.append(index)
            default:
                break
            }
            index += 1
        }
        return commas
    }

    /// The index of the bracket that closes the one at `open`, skipping string literals and
    /// the `>` of an arrow (`(Int) -> Void`).
    private func closing(of open: Int) -> Int? {
        var expected: [Character] = []
        var index = open
        while index < text.count {
            let character = text[index]
            switch character {
            case "(": expected.append(")")
            case "[": expected.append("]")
            case "<": expected.append(">")
            case "\"":
                guard let end = endOfString(from: index) else { return nil }
                index = end
            case ")", "]", ">":
                if character == ">", index > 0, text[index - 1] == "-" { break }
                guard expected.last == character else { return nil }
                expected.removeLast()
                if expected.isEmpty { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that ends the string literal opened at `start`.
    private func endOfString(from start: Int) -> Int? {
        var index = start + 1
        while index < text.count {
            if text[index] == "\\" {
                index += 2
                continue
            }
            if text[index] == "\"" { return index }
            index += 1
        }
        return nil
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
