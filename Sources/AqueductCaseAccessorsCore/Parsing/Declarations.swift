/// What the parser found in one source file: the imports the generated file repeats and the
/// enums that opted in with ``CaseAccessible``-named conformance.
package struct SourceDeclarations: Equatable, Sendable {
    /// The file's top-level imports, in order.
    package var imports: [ImportDeclaration] = []
    /// The enums that name `CaseAccessible` in their own declaration, in order.
    package var enums: [EnumDeclaration] = []
}

/// A top-level `import`, as written.
package struct ImportDeclaration: Equatable, Sendable {
    /// The whole declaration with its attributes: `@preconcurrency import Foundation`.
    package let text: String
    /// The imported module: `Foundation` for `import struct Foundation.URL`.
    package let module: String
    /// The `#if` blocks around it.
    package let conditions: [ConditionFrame]
}

/// An enum that opted in, with what the generated code needs.
package struct EnumDeclaration: Equatable, Sendable {
    /// The name to extend: `AppAction`, `Outer.Inner`.
    package let qualifiedName: String
    /// The access modifier the accessors get: `public`, `package`, or `nil` for internal.
    package let access: String?
    /// The line of the `enum` keyword.
    package let line: Int
    /// The `#if` blocks around the declaration.
    package let conditions: [ConditionFrame]
    /// The cases, in declaration order.
    package var cases: [CaseDeclaration]
}

/// One enum case element: `finished(count: Int)` in `case started, finished(count: Int)`.
package struct CaseDeclaration: Equatable, Sendable {
    /// The name as declared, backticks included.
    package let name: String
    /// The line of the name.
    package let line: Int
    /// The associated values; `nil` for a case without payload.
    package var payload: [PayloadElement]?
    /// `@available(…)` attributes, repeated on the accessor.
    package let availability: [String]
    /// The `#if` blocks around it, from the top of the file.
    package let conditions: [ConditionFrame]
}

/// One associated value: its label, if any, and its type without a default value.
package struct PayloadElement: Equatable, Sendable {
    /// The label, `nil` when there is none or it is `_`.
    package let label: String?
    /// The type as written, on one line.
    package let type: String
    /// Whether `type?` needs parentheses: function types, compositions, `any P`.
    package let needsParenthesesWhenOptional: Bool
}
