/// Finds the enums that opt in to generated case accessors and reads their cases.
///
/// It walks declarations, not expressions: type bodies and `#if` blocks are entered, and
/// everything else — functions, properties, statements — is skipped as balanced brackets up to
/// the next declaration. An enum opts in when `CaseAccessible` is among the conformances of
/// its own declaration. Inside such an enum every member must be understood: anything the
/// parser cannot read is reported as a ``Diagnostic`` naming the construct, and no accessor is
/// generated for that file.
///
/// ```swift
/// let result = Parser.parse(
///     """
///     enum SyncAction: CaseAccessible { case start, finished(count: Int = 0) }
///     """
/// )
/// // result.declarations.enums[0].cases.map(\.name) == ["start", "finished"]
/// ```
///
/// - Complexity: O(*n*) in the number of tokens.
package struct Parser {
    /// What a parse found, and what it could not handle.
    package struct Result: Equatable, Sendable {
        /// The imports and opted-in enums.
        package var declarations: SourceDeclarations
        /// The problems, in source order; when there are any, nothing is generated.
        package var diagnostics: [Diagnostic]
    }

    /// The marker protocol's name.
    package static let markerName = "CaseAccessible"

    private let tokens: [Token]
    private var index = 0
    private var nextBlock = 0
    private var declarations = SourceDeclarations()
    private var diagnostics: [Diagnostic] = []
    /// Instance properties declared in a type's body or extensions, by qualified type name:
    /// a hand-written accessor the generated one would collide with.
    private var instanceProperties: [String: [DeclaredName]] = [:]
    /// The `enum` keywords the declaration walk reached; any other opted-in enum is local.
    private var visitedEnums: Set<Int> = []
    /// The types declared in each type's body and extensions in this file, by qualified name.
    private var memberTypes: [String: Set<String>] = [:]
    /// Payload types to render once the whole file is known, with the names they use qualified.
    private var pendingTypes: [PendingType] = []
    /// For each opted-in enum, the type bodies it is lexically inside, outermost first.
    private var enclosingTypes: [[String]] = []

    private struct PendingType {
        let enumIndex: Int
        let caseIndex: Int
        let elementIndex: Int
        let tokens: Range<Int>
    }

    private struct DeclaredName {
        let name: String
        let line: Int
        let conditions: [ConditionFrame]
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses one source file.
    ///
    /// - Parameter source: Swift source text.
    /// - Returns: The declarations found and the problems met.
    package static func parse(_ source: String) -> Result {
        let tokens: [Token]
        do {
            tokens = try Lexer.tokenize(source)
        } catch {
            return Result(declarations: SourceDeclarations(), diagnostics: [error])
        }
        var parser = Parser(tokens: tokens)
        parser.parseFile()
        return Result(declarations: parser.declarations, diagnostics: parser.diagnostics.sorted { $0.line < $1.line })
    }

    // MARK: Scopes

    private struct Scope {
        enum Kind {
            case file
            case type
            case protocolBody
            case enumBody(optedIn: Int?)
        }

        var kind: Kind
        /// The qualified name of the type whose body this is; `nil` where another file cannot
        /// name it.
        var typePath: [String]?
        /// The access level members get without a modifier (`public extension`).
        var defaultAccess: String?
        /// The enclosing type is `private` or `fileprivate`.
        var isPrivate = false
        /// Inside an extension with a `where` clause.
        var isConstrained = false
        var conditions: [ConditionFrame] = []
        /// The opted-in enum whose body this is, for messages.
        var enumName: String?
        /// The qualified names of the type bodies this scope is inside, outermost first: where
        /// the compiler looks up a name used in it.
        var lexicalTypes: [String] = []
    }

    private mutating func parseFile() {
        let scope = Scope(kind: .file, typePath: [])
        while current != nil {
            parseMembers(scope)
            guard let token = current else { break }
            // A stray `}`, `#else` or `#endif` at the top level.
            report(token.line, "unexpected `\(token.text)` at the top level of the file")
            index += 1
        }
        checkCollisions()
        reportLocalEnums()
        qualifyNestedNames()
    }

    /// Records `name` as a type declared in the body (or an extension) of `scope`'s type.
    private mutating func recordMemberType(_ name: String, in scope: Scope) {
        guard let path = scope.typePath, !path.isEmpty else { return }
        memberTypes[path.joined(separator: "."), default: []].insert(Self.unquoted(name))
    }

    /// The generated extension of a nested enum, `extension Outer.Event`, does not see the
    /// types declared beside the enum in `Outer` the way the enum's own body does: a payload
    /// `Detail` must become `Outer.Detail`. Names declared in a type body the enum is inside
    /// (in this file) are qualified with that type, innermost first, unless the enum declares
    /// the name itself — the lookup order the compiler uses in the enum's body.
    private mutating func qualifyNestedNames() {
        for pending in pendingTypes {
            let declaration = declarations.enums[pending.enumIndex]
            let enclosing = Array(enclosingTypes[pending.enumIndex].reversed())
            guard !enclosing.isEmpty else { continue }
            let own = memberTypes[declaration.qualifiedName] ?? []
            var text = ""
            var brackets: [String] = []
            for position in pending.tokens {
                let token = tokens[position]
                if position > pending.tokens.lowerBound && token.spaceBefore { text += " " }
                var piece = token.text
                let afterDot = position > pending.tokens.lowerBound && tokens[position - 1].isPunctuation(".")
                let isLabel =
                    position + 1 < pending.tokens.upperBound && tokens[position + 1].isPunctuation(":")
                    && brackets.last == "("
                if token.kind == .identifier, !afterDot, !isLabel, !own.contains(Self.unquoted(token.text)),
                    let scope = enclosing.first(where: { memberTypes[$0]?.contains(Self.unquoted(token.text)) == true })
                {
                    piece = scope + "." + token.text
                }
                if token.isPunctuation("(") || token.isPunctuation("[") { brackets.append(token.text) }
                if token.isPunctuation(")") || token.isPunctuation("]") { _ = brackets.popLast() }
                text += piece
            }
            let element = declarations.enums[pending.enumIndex].cases[pending.caseIndex].payload![pending.elementIndex]
            declarations.enums[pending.enumIndex].cases[pending.caseIndex].payload![pending.elementIndex] =
                PayloadElement(
                    label: element.label,
                    type: text,
                    needsParenthesesWhenOptional: element.needsParenthesesWhenOptional
                )
        }
    }

    /// An opted-in enum inside a function, closure or property body — skipped by the walk —
    /// cannot be extended from another file; say so rather than generate nothing.
    private mutating func reportLocalEnums() {
        for position in tokens.indices where tokens[position].isWord("enum") && !visitedEnums.contains(position) {
            guard position + 1 < tokens.count, tokens[position + 1].kind == .identifier,
                position == 0 || !tokens[position - 1].isPunctuation(".")
            else { continue }
            let name = tokens[position + 1].text
            index = position + 2
            if current?.isPunctuation("<") == true { skipAngles() }
            if readInheritance().contains(where: Self.namesMarker) {
                report(
                    tokens[position].line,
                    "case accessors cannot be generated for enum \(name): it is declared inside a function, a "
                        + "closure or a property, where another file cannot extend it; declare it at the top level "
                        + "or in a type"
                )
            }
        }
        index = tokens.count
    }

    /// Parses members until `}`, the end of the file, or the next branch of an enclosing `#if`.
    private mutating func parseMembers(_ scope: Scope) {
        while let token = current {
            if token.isPunctuation("}") { return }
            if token.kind == .pound {
                switch token.text {
                case "#if":
                    parseConditionalBlock(scope)
                    continue
                case "#elseif", "#else", "#endif":
                    return
                default:
                    parsePoundMember(scope)
                    continue
                }
            }
            if token.isPunctuation(";") {
                index += 1
                continue
            }
            parseMember(scope)
        }
    }

    /// `#if` … `#elseif` … `#else` … `#endif`, each branch parsed with its frame.
    private mutating func parseConditionalBlock(_ scope: Scope) {
        let block = nextBlock
        nextBlock += 1
        let startLine = tokens[index].line
        var clauses: [String?] = []
        while let directive = current, directive.kind == .pound {
            index += 1
            switch directive.text {
            case "#endif":
                return
            case "#else":
                clauses.append(nil)
            default:
                clauses.append(readCondition())
            }
            var inner = scope
            inner.conditions.append(ConditionFrame(block: block, clauses: clauses))
            parseMembers(inner)
            guard let next = current, next.kind == .pound, ["#elseif", "#else", "#endif"].contains(next.text) else {
                report(startLine, "`#if` without a matching `#endif` in the same body")
                return
            }
        }
        report(startLine, "`#if` without a matching `#endif`")
    }

    /// The condition after `#if` or `#elseif`: the rest of the line (Swift ends it there).
    private mutating func readCondition() -> String {
        let start = index
        while let token = current, index == start || !token.newlineBefore { index += 1 }
        return Self.render(tokens[start..<index])
    }

    /// `#warning("…")`, `#error("…")`, `#sourceLocation(…)` are skipped; a freestanding macro in
    /// an opted-in enum may declare cases, so it is reported.
    private mutating func parsePoundMember(_ scope: Scope) {
        let token = tokens[index]
        index += 1
        if let enumName = scope.enumName, !["#warning", "#error", "#sourceLocation"].contains(token.text) {
            report(
                token.line,
                "the freestanding macro `\(token.text)` in the body of \(enumName) may declare cases the generator "
                    + "cannot see; move it out of the enum"
            )
        }
        if current?.isPunctuation("(") == true, current?.spaceBefore == false { skipBalanced() }
    }

    // MARK: Members

    private static let declarationKeywords: Set<String> = [
        "import", "enum", "struct", "class", "actor", "extension", "protocol", "func", "init", "deinit", "subscript",
        "var", "let", "typealias", "associatedtype", "operator", "precedencegroup", "macro", "case",
    ]

    private static let modifierKeywords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "class", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "required", "convenience", "optional",
        "prefix", "postfix", "infix", "indirect", "nonisolated", "distributed", "consuming", "borrowing",
        "__consuming",
    ]

    private static let accessModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open",
    ]

    private mutating func parseMember(_ scope: Scope) {
        let start = index
        var attributes: [String] = []
        var modifiers: [String] = []
        while let token = current {
            if token.kind == .attribute {
                let attributeStart = index
                index += 1
                if current?.isPunctuation("(") == true, current?.spaceBefore == false { skipBalanced() }
                attributes.append(Self.render(tokens[attributeStart..<index]))
            } else if token.kind == .identifier, Self.modifierKeywords.contains(token.text), isModifier(at: index) {
                modifiers.append(token.text)
                index += 1
                if current?.isPunctuation("(") == true, current?.spaceBefore == false { skipBalanced() }
            } else {
                break
            }
        }
        guard let keyword = current else {
            if scope.enumName != nil {
                report(tokens[start].line, "expected a declaration after `\(tokens[start].text)`")
            }
            return
        }
        guard keyword.kind == .identifier else {
            if let enumName = scope.enumName {
                report(keyword.line, "unexpected `\(keyword.text)` in the body of \(enumName)")
            }
            // Attributes or modifiers before a `}` or a directive: leave those to the body.
            if index == start || !(keyword.isPunctuation("}") || keyword.kind == .pound) {
                skipStatement(from: start)
            }
            return
        }
        switch keyword.text {
        case "import":
            parseImport(from: start, scope: scope)
        case "enum":
            parseEnum(scope, modifiers: modifiers)
        case "actor" where index + 1 < tokens.count && tokens[index + 1].kind != .identifier:
            skipStatement(from: start)
        case "struct", "class", "actor", "extension", "protocol":
            parseTypeDeclaration(scope, keyword: keyword.text, modifiers: modifiers)
        case "case":
            if case .enumBody(let optedIn?) = scope.kind {
                parseCase(scope, enumIndex: optedIn, attributes: attributes)
            } else {
                skipDeclaration()
            }
        case "var", "let":
            if let typePath = scope.typePath, !modifiers.contains("static"), !modifiers.contains("class") {
                recordProperty(in: typePath.joined(separator: "."), scope: scope)
            }
            skipDeclaration()
        case "typealias":
            if index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
                recordMemberType(tokens[index + 1].text, in: scope)
            }
            if mentionsMarker(from: index, to: endOfDeclaration()) {
                report(
                    keyword.line,
                    "a typealias for `\(Self.markerName)` hides the opt-in from the generator; name "
                        + "`\(Self.markerName)` itself in each enum's declaration"
                )
            }
            skipDeclaration()
        default:
            if Self.declarationKeywords.contains(keyword.text) {
                skipDeclaration()
            } else {
                if let enumName = scope.enumName {
                    report(keyword.line, "unexpected `\(keyword.text)` in the body of \(enumName)")
                }
                skipStatement(from: start)
            }
        }
    }

    /// Whether the contextual keyword at `position` is a modifier: what follows it (after a
    /// `(set)`-style argument) is a declaration keyword, another modifier, or an attribute.
    private func isModifier(at position: Int) -> Bool {
        var next = position + 1
        if next < tokens.count, tokens[next].isPunctuation("("), !tokens[next].spaceBefore {
            guard let close = matchingClose(from: next) else { return false }
            next = close + 1
        }
        guard next < tokens.count else { return false }
        let token = tokens[next]
        if token.kind == .attribute { return true }
        guard token.kind == .identifier else { return false }
        if token.text == "class" { return true }
        return Self.declarationKeywords.contains(token.text)
            || (Self.modifierKeywords.contains(token.text) && isModifier(at: next))
    }

    private mutating func parseImport(from start: Int, scope: Scope) {
        index += 1
        if let kind = current,
            ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(kind.text)
        {
            index += 1
        }
        guard let module = current, module.kind == .identifier else {
            report(tokens[start].line, "expected a module name after `import`")
            return
        }
        index += 1
        while current?.isPunctuation(".") == true, index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            index += 2
        }
        guard case .file = scope.kind else { return }
        declarations.imports.append(
            ImportDeclaration(
                text: Self.render(tokens[start..<index]),
                module: module.text,
                conditions: scope.conditions
            )
        )
    }

    // MARK: Types

    /// The inheritance clause from `:` up to `where` or `{`, as entries split at top-level
    /// commas; the index is left on `where` or `{`.
    private mutating func readInheritance() -> [ArraySlice<Token>] {
        guard current?.isPunctuation(":") == true else { return [] }
        index += 1
        var entries: [ArraySlice<Token>] = []
        var entryStart = index
        var angles = 0
        while let token = current {
            if angles == 0 && (token.isPunctuation("{") || token.isWord("where")) { break }
            if token.isPunctuation("<") { angles += 1 }
            if token.isPunctuation(">") && !isArrowHead(at: index) { angles -= 1 }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
                continue
            }
            if angles == 0 && token.isPunctuation(",") {
                entries.append(tokens[entryStart..<index])
                entryStart = index + 1
            }
            index += 1
        }
        entries.append(tokens[entryStart..<index])
        return entries
    }

    /// Whether an inheritance entry names the marker: `CaseAccessible` or
    /// `Aqueduct.CaseAccessible`, after attributes such as `@preconcurrency`, alone or as a
    /// member of a composition (`Feature & CaseAccessible`).
    private static func namesMarker(_ entry: ArraySlice<Token>) -> Bool {
        let words = entry.filter { $0.kind != .attribute }
        return words.split(whereSeparator: { $0.isPunctuation("&") }).contains { part in
            guard let last = part.last, last.isWord(markerName) else { return false }
            return part.count == 1 || (part.count == 3 && part[part.startIndex + 1].isPunctuation("."))
        }
    }

    private func mentionsMarker(from start: Int, to end: Int) -> Bool {
        tokens[start..<min(end, tokens.count)].contains { $0.isWord(Self.markerName) }
    }

    /// Skips a `where` clause up to the `{` of the body.
    private mutating func skipWhereClause() {
        guard current?.isWord("where") == true else { return }
        while let token = current, !token.isPunctuation("{") {
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
            } else {
                index += 1
            }
        }
    }

    /// `struct`, `class`, `actor`, `extension` or `protocol`, with its body.
    private mutating func parseTypeDeclaration(_ scope: Scope, keyword: String, modifiers: [String]) {
        let line = tokens[index].line
        index += 1
        var name: [String]?
        if keyword == "extension" {
            name = readExtendedType()
        } else {
            guard let nameToken = current, nameToken.kind == .identifier else {
                report(line, "expected a name after `\(keyword)`")
                return
            }
            index += 1
            name = [nameToken.text]
            recordMemberType(nameToken.text, in: scope)
            if current?.isPunctuation("<") == true { skipAngles() }
        }
        let inheritance = readInheritance()
        let hasWhereClause = current?.isWord("where") == true
        skipWhereClause()
        let displayName = name?.joined(separator: ".") ?? "the extended type"
        if inheritance.contains(where: Self.namesMarker) {
            switch keyword {
            case "extension":
                report(
                    line,
                    "`extension \(displayName): \(Self.markerName)` is not read: the generator takes the cases from the "
                        + "enum's own declaration; write `enum \(name?.last ?? "Name"): \(Self.markerName)` there"
                )
            case "protocol":
                report(
                    line,
                    "protocol \(displayName) refines `\(Self.markerName)`, which hides the opt-in from the generator; "
                        + "name `\(Self.markerName)` in each enum's declaration"
                )
            default:
                report(line, "`\(Self.markerName)` is for enums; \(displayName) is a \(keyword)")
            }
        }
        guard current?.isPunctuation("{") == true else {
            report(line, "expected `{` after the declaration of \(displayName)")
            return
        }
        var inner = scope
        inner.kind = keyword == "protocol" ? .protocolBody : .type
        inner.enumName = nil
        inner.defaultAccess = nil
        if let path = scope.typePath, let name {
            inner.typePath = keyword == "extension" ? name : path + name
        } else {
            inner.typePath = nil
        }
        inner.lexicalTypes += inner.typePath.map { [$0.joined(separator: ".")] } ?? []
        let access = modifiers.first { Self.accessModifiers.contains($0) }
        if keyword == "extension" {
            inner.defaultAccess = access
            inner.isConstrained = scope.isConstrained || hasWhereClause
            if access == "private" || access == "fileprivate" { inner.isPrivate = true }
        } else if access == "private" || access == "fileprivate" {
            inner.isPrivate = true
        }
        parseBody(inner, of: displayName, line: line)
    }

    /// The type an `extension` extends, as dotted name components; `nil` for a type with
    /// generic arguments or anything else a nested enum could not be named through.
    private mutating func readExtendedType() -> [String]? {
        var components: [String] = []
        var nameable = true
        while let token = current {
            if token.isPunctuation(":") || token.isPunctuation("{") || token.isWord("where") { break }
            if token.kind == .identifier {
                components.append(token.text)
                index += 1
            } else if token.isPunctuation(".") {
                index += 1
            } else if token.isPunctuation("<") {
                nameable = false
                skipAngles()
            } else {
                nameable = false
                index += 1
            }
        }
        return nameable && !components.isEmpty ? components : nil
    }

    /// `{ members }`, reporting a missing `}`.
    private mutating func parseBody(_ scope: Scope, of name: String, line: Int) {
        index += 1  // {
        parseMembers(scope)
        guard current?.isPunctuation("}") == true else {
            if let token = current {
                report(token.line, "unexpected `\(token.text)` in the body of \(name)")
                skipUntilClosingBrace()
            } else {
                report(line, "missing `}` for \(name) declared here")
            }
            return
        }
        index += 1
    }

    /// After an unexpected `#else`/`#endif` in a body: skip to the body's `}`.
    private mutating func skipUntilClosingBrace() {
        while let token = current, !token.isPunctuation("}") {
            if token.isPunctuation("{") || token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
            } else {
                index += 1
            }
        }
        if current != nil { index += 1 }
    }

    // MARK: Enums

    private mutating func parseEnum(_ scope: Scope, modifiers: [String]) {
        let line = tokens[index].line
        visitedEnums.insert(index)
        index += 1
        guard let nameToken = current, nameToken.kind == .identifier else {
            report(line, "expected a name after `enum`")
            return
        }
        index += 1
        recordMemberType(nameToken.text, in: scope)
        if current?.isPunctuation("<") == true { skipAngles() }
        let inheritance = readInheritance()
        skipWhereClause()
        let optedIn = inheritance.contains(where: Self.namesMarker)
        let qualifiedPath = scope.typePath.map { $0 + [nameToken.text] }
        let displayName = qualifiedPath?.joined(separator: ".") ?? nameToken.text
        let access = modifiers.first { Self.accessModifiers.contains($0) } ?? scope.defaultAccess
        var enumIndex: Int?
        if optedIn {
            var problem: String?
            if case .protocolBody = scope.kind {
                problem = "it is declared in a protocol; declare it outside"
            } else if qualifiedPath == nil {
                problem =
                    "it is declared inside a function, a closure or an extension of a generic specialisation, "
                    + "where another file cannot extend it; declare it at the top level or in a type"
            } else if scope.isConstrained {
                problem =
                    "it is declared in an extension with a `where` clause, which the generated extension cannot "
                    + "repeat; declare it in an unconstrained extension"
            } else if access == "private" || access == "fileprivate" {
                problem = "it is \(access!), so the generated file beside it cannot see it; make it internal or wider"
            } else if scope.isPrivate {
                problem =
                    "it is inside a private or fileprivate type, so the generated file beside it cannot see it; make that type "
                    + "internal or wider"
            } else if inheritance.contains(where: { $0.contains { $0.isPunctuation("~") } }) {
                problem = "it is noncopyable (`~Copyable`), and an accessor would have to consume it"
            }
            if let problem {
                report(line, "case accessors cannot be generated for enum \(displayName): \(problem)")
            } else {
                enumIndex = declarations.enums.count
                enclosingTypes.append(scope.lexicalTypes)
                declarations.enums.append(
                    EnumDeclaration(
                        qualifiedName: displayName,
                        access: access == "internal" ? nil : access,
                        line: line,
                        conditions: scope.conditions,
                        cases: []
                    )
                )
            }
        }
        guard current?.isPunctuation("{") == true else {
            report(line, "expected `{` after the declaration of enum \(displayName)")
            return
        }
        var inner = scope
        inner.kind = .enumBody(optedIn: enumIndex)
        inner.typePath = qualifiedPath
        inner.defaultAccess = nil
        inner.enumName = enumIndex != nil ? "enum \(displayName)" : nil
        inner.lexicalTypes += qualifiedPath.map { [$0.joined(separator: ".")] } ?? []
        if access == "private" || access == "fileprivate" { inner.isPrivate = true }
        parseBody(inner, of: "enum \(displayName)", line: line)
    }

    private mutating func parseCase(_ scope: Scope, enumIndex: Int, attributes: [String]) {
        let caseLine = tokens[index].line
        index += 1
        let availability = attributes.filter { $0.hasPrefix("@available") }
        if let other = attributes.first(where: { !$0.hasPrefix("@available") }) {
            report(caseLine, "the attribute `\(other)` on a case is not supported; only `@available` is repeated")
        }
        while true {
            guard let nameToken = current, nameToken.kind == .identifier else {
                report(caseLine, "expected a case name after `case`")
                skipStatement(from: index)
                return
            }
            index += 1
            var payload: [PayloadElement]?
            if current?.isPunctuation("(") == true, let (elements, ranges) = parsePayload(caseName: nameToken.text) {
                payload = elements
                let caseIndex = declarations.enums[enumIndex].cases.count
                for (elementIndex, range) in ranges.enumerated() {
                    pendingTypes.append(
                        PendingType(
                            enumIndex: enumIndex,
                            caseIndex: caseIndex,
                            elementIndex: elementIndex,
                            tokens: range
                        )
                    )
                }
            }
            if current?.isPunctuation("=") == true {
                skipRawValue(caseName: nameToken.text, hasPayload: payload != nil)
            }
            declarations.enums[enumIndex].cases.append(
                CaseDeclaration(
                    name: nameToken.text,
                    line: nameToken.line,
                    payload: payload,
                    availability: availability,
                    conditions: scope.conditions
                )
            )
            guard current?.isPunctuation(",") == true else { return }
            index += 1
        }
    }

    /// A raw value: one literal, maybe signed.
    private mutating func skipRawValue(caseName: String, hasPayload: Bool) {
        let line = tokens[index].line
        index += 1
        if current?.isPunctuation("-") == true || current?.isPunctuation("+") == true { index += 1 }
        guard !hasPayload, let literal = current,
            [.number, .string].contains(literal.kind) || literal.isWord("true")
                || literal.isWord("false")
        else {
            report(line, "cannot read the raw value of case \(caseName); a raw value is one literal")
            skipStatement(from: index)
            return
        }
        index += 1
    }

    /// The associated values from `(` to `)`, each split into label, type and default value.
    private mutating func parsePayload(caseName: String) -> ([PayloadElement], [Range<Int>])? {
        let open = index
        guard let close = matchingClose(from: open) else {
            report(tokens[open].line, "unbalanced `(` in the payload of case \(caseName)")
            index = tokens.count
            return nil
        }
        index = close + 1
        guard close > open + 1 else {
            report(
                tokens[open].line,
                "case \(caseName)() has an empty payload `()`; write `case \(caseName)` without parentheses"
            )
            return nil
        }
        var elements: [PayloadElement] = []
        var ranges: [Range<Int>] = []
        var position = open + 1
        while position < close {
            guard let (element, typeRange, end) = parsePayloadElement(from: position, to: close, caseName: caseName)
            else {
                return nil
            }
            elements.append(element)
            ranges.append(typeRange)
            position = end + 1  // past the comma
        }
        // A trailing comma (`case moved(from: Int, to: Int,)`, Swift 6.1 and later) ended the
        // last element like any other comma.
        return (elements, ranges)
    }

    /// One associated value starting at `start`: `label: Type = default`. Returns it and the
    /// index of the `,` or `)` after it.
    private mutating func parsePayloadElement(
        from start: Int,
        to close: Int,
        caseName: String
    ) -> (PayloadElement, Range<Int>, Int)? {
        var position = start
        let line = tokens[start].line
        var label: String?
        if tokens[position].kind == .identifier, position + 1 < close, tokens[position + 1].isPunctuation(":") {
            label = tokens[position].text == "_" ? nil : tokens[position].text
            position += 2
        } else if tokens[position].kind == .identifier, position + 2 < close, tokens[position + 1].kind == .identifier,
            tokens[position + 2].isPunctuation(":")
        {
            report(
                line,
                "the associated value `\(tokens[position].text) \(tokens[position + 1].text):` of case \(caseName) "
                    + "has two names; give it one label"
            )
            return nil
        }
        // The type: up to `=`, `,` or `)` outside brackets and generic arguments.
        let typeStart = position
        var depth = 0
        var angles = 0
        while position < close {
            let token = tokens[position]
            if depth == 0 && angles == 0 && (token.isPunctuation(",") || token.isPunctuation("=")) { break }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "<": angles += 1
                case ">" where !isArrowHead(at: position):
                    angles -= 1
                    if angles < 0 {
                        report(token.line, "unbalanced `>` in the payload of case \(caseName)")
                        return nil
                    }
                default: break
                }
            }
            position += 1
        }
        let typeTokens = tokens[typeStart..<position]
        guard let type = checkedType(typeTokens, caseName: caseName, line: line) else { return nil }
        if position < close, tokens[position].isPunctuation("=") {
            guard let end = endOfDefaultValue(from: position + 1, to: close) else {
                report(line, "cannot read the default value in the payload of case \(caseName)")
                return nil
            }
            position = end
        }
        return (type.with(label: label), typeTokens.indices, position)
    }

    /// The `,` or `)` that ends a default value: commas inside brackets and inside generic
    /// argument lists (`Dictionary<String, Int>()`) do not count.
    private func endOfDefaultValue(from start: Int, to close: Int) -> Int? {
        guard start < close else { return nil }
        var position = start
        var depth = 0
        while position < close {
            let token = tokens[position]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "," where depth == 0: return position
                case "<":
                    if let end = endOfGenericArguments(from: position, limit: close) {
                        position = end + 1
                        continue
                    }
                default: break
                }
            }
            position += 1
        }
        return close
    }

    /// In an expression, whether `<` at `start` opens generic arguments — it touches a name
    /// on its left and what follows parses as types closed by `>` before `(`, `.`, `)`, `,` or
    /// the like — and if so the index of that `>`. Otherwise `<` is an operator.
    private func endOfGenericArguments(from start: Int, limit: Int) -> Int? {
        guard start > 0, !tokens[start].spaceBefore, tokens[start - 1].kind == .identifier else { return nil }
        var position = start + 1
        var angles = 1
        while position < limit {
            let token = tokens[position]
            switch token.kind {
            case .identifier, .number, .attribute:
                break
            case .punctuation:
                switch token.text {
                case "<": angles += 1
                case ">" where !isArrowHead(at: position):
                    angles -= 1
                    if angles == 0 {
                        guard position + 1 < tokens.count else { return position }
                        let next = tokens[position + 1]
                        let follows = [
                            "(", ".", ")", ",", "]", "}", "{", "?", "!", ":", ";",
                        ].contains(next.text)
                        return next.kind == .punctuation && follows || next.newlineBefore ? position : nil
                    }
                case ".", ",", "?", "!", "[", "]", "(", ")", ":", "&", "-", ">": break
                default: return nil
                }
            default:
                return nil
            }
            position += 1
        }
        return nil
    }

    private static let forbiddenTypeWords: [String: String] = [
        "some": "an opaque `some` type",
        "inout": "`inout`",
        "each": "a parameter pack (`each`)",
        "repeat": "a parameter pack (`repeat`)",
    ]

    /// Checks that `tokens` read as a type the accessor can return, and renders it.
    private mutating func checkedType(_ type: ArraySlice<Token>, caseName: String, line: Int) -> PayloadElement? {
        guard let first = type.first else {
            report(line, "an associated value of case \(caseName) has no type")
            return nil
        }
        var topLevelArrowOrComposition = false
        var depth = 0
        var angles = 0
        for position in type.indices {
            let token = type[position]
            switch token.kind {
            case .identifier:
                if let what = Self.forbiddenTypeWords[token.text] {
                    report(token.line, "the payload of case \(caseName) uses \(what), which an accessor cannot return")
                    return nil
                }
            case .attribute, .number:
                break
            case .punctuation:
                switch token.text {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "<": angles += 1
                case ">" where isArrowHead(at: position):
                    if depth == 0 && angles == 0 { topLevelArrowOrComposition = true }
                case ">": angles -= 1
                case "&":
                    if depth == 0 && angles == 0 { topLevelArrowOrComposition = true }
                case "-" where position + 1 < type.endIndex && isArrowHead(at: position + 1):
                    break
                case ".", ",", "?", ":":
                    break
                case "!":
                    report(
                        token.line,
                        "the payload of case \(caseName) uses an implicitly unwrapped optional `!`; write `?`"
                    )
                    return nil
                default:
                    report(token.line, "cannot read `\(token.text)` in the type of a payload of case \(caseName)")
                    return nil
                }
            case .string, .regex, .pound:
                report(token.line, "cannot read `\(token.text)` in the type of a payload of case \(caseName)")
                return nil
            }
        }
        let needsParentheses =
            topLevelArrowOrComposition || first.kind == .attribute || first.isWord("any") || first.isWord("sending")
        return PayloadElement(label: nil, type: Self.render(type), needsParenthesesWhenOptional: needsParentheses)
    }

    // MARK: Collisions

    private mutating func recordProperty(in typeName: String, scope: Scope) {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return }
        let name = tokens[index + 1]
        instanceProperties[typeName, default: []].append(
            DeclaredName(name: Self.unquoted(name.text), line: name.line, conditions: scope.conditions)
        )
    }

    /// Two cases with the same name, or a case and a property of the enum with its name.
    private mutating func checkCollisions() {
        var reportedProperties: Set<Int> = []
        for declaration in declarations.enums {
            var seen: [String: [CaseDeclaration]] = [:]
            for element in declaration.cases {
                let name = Self.unquoted(element.name)
                if let earlier = seen[name]?.first(where: {
                    !ConditionFrame.areExclusive($0.conditions, element.conditions)
                }) {
                    report(
                        element.line,
                        "enum \(declaration.qualifiedName) has two cases named `\(name)` (lines \(earlier.line) and "
                            + "\(element.line)); their accessors would collide"
                    )
                }
                seen[name, default: []].append(element)
                if let property = instanceProperties[declaration.qualifiedName]?.first(where: {
                    $0.name == name && !ConditionFrame.areExclusive($0.conditions, element.conditions)
                }), reportedProperties.insert(property.line).inserted {
                    report(
                        property.line,
                        "\(declaration.qualifiedName) declares `\(name)` itself, which would collide with the accessor "
                            + "generated for case \(name) (line \(element.line)); remove it if it is a hand-written "
                            + "accessor, or rename one of them"
                    )
                }
            }
        }
    }

    // MARK: Skipping

    private var current: Token? {
        index < tokens.count ? tokens[index] : nil
    }

    private func isArrowHead(at position: Int) -> Bool {
        position > 0 && tokens[position].isPunctuation(">") && !tokens[position].spaceBefore
            && tokens[position - 1].isPunctuation("-")
    }

    /// The index of the bracket closing the one at `open`, or `nil` when unbalanced.
    private func matchingClose(from open: Int) -> Int? {
        var stack: [String] = []
        var position = open
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .punctuation {
                switch token.text {
                case "(": stack.append(")")
                case "[": stack.append("]")
                case "{": stack.append("}")
                case ")", "]", "}":
                    guard stack.popLast() == token.text else { return nil }
                    if stack.isEmpty { return position }
                default: break
                }
            }
            position += 1
        }
        return nil
    }

    /// Skips the bracketed group starting at the current `(`, `[` or `{`.
    private mutating func skipBalanced() {
        guard let close = matchingClose(from: index) else {
            report(tokens[index].line, "unbalanced `\(tokens[index].text)`")
            index = tokens.count
            return
        }
        index = close + 1
    }

    /// Skips `<…>` after a type name.
    private mutating func skipAngles() {
        var angles = 0
        while let token = current {
            if token.isPunctuation("<") { angles += 1 }
            if token.isPunctuation(">") && !isArrowHead(at: index) { angles -= 1 }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
                continue
            }
            index += 1
            if angles <= 0 { return }
        }
    }

    /// Skips the declaration at the keyword under the index.
    private mutating func skipDeclaration() {
        index = endOfDeclaration()
    }

    /// Skips a statement (or anything unknown) starting at `start`, at least one token.
    private mutating func skipStatement(from start: Int) {
        index = max(start, index)
        index = endOfDeclaration()
    }

    /// Where the declaration or statement at the index ends: the next token at bracket depth 0
    /// that starts a member on a new line, `;`, `}`, or a `#if` directive.
    private func endOfDeclaration() -> Int {
        var position = index + 1
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{":
                    guard let close = matchingClose(from: position) else { return tokens.count }
                    position = close + 1
                    continue
                case "}", ";":
                    return position
                default:
                    break
                }
            }
            if startsMember(at: position) { return position }
            position += 1
        }
        return position
    }

    private func startsMember(at position: Int) -> Bool {
        let token = tokens[position]
        if token.kind == .pound && ["#if", "#elseif", "#else", "#endif"].contains(token.text) { return true }
        guard token.newlineBefore else { return false }
        let previous = tokens[position - 1]
        switch token.kind {
        case .attribute:
            return !previous.isPunctuation(":") && !previous.isPunctuation(",") && !previous.isPunctuation("(")
                && !previous.isPunctuation("=") && !previous.isPunctuation("<") && !isArrowHead(at: position - 1)
        case .identifier:
            if previous.isPunctuation(".") { return false }
            if Self.declarationKeywords.contains(token.text) { return true }
            return Self.modifierKeywords.contains(token.text) && isModifier(at: position)
        default:
            return false
        }
    }

    // MARK: Output helpers

    private mutating func report(_ line: Int, _ message: String) {
        diagnostics.append(Diagnostic(line: line, message: message))
    }

    /// Tokens as one line of text: a space wherever the source had whitespace or a comment.
    package static func render(_ tokens: ArraySlice<Token>) -> String {
        var text = ""
        for (offset, token) in tokens.enumerated() {
            if offset > 0 && token.spaceBefore { text += " " }
            text += token.text
        }
        return text
    }

    /// A name without its backticks, for comparing names.
    package static func unquoted(_ name: String) -> String {
        name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}

extension PayloadElement {
    fileprivate func with(label: String?) -> PayloadElement {
        PayloadElement(label: label, type: type, needsParenthesesWhenOptional: needsParenthesesWhenOptional)
    }
}
