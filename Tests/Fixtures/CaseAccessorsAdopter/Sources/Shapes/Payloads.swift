import Aqueduct

/// Every shape of payload, read back by `ReadBack` from another module: the accessors must be
/// `public` like the enum.
public enum Payloads: CaseAccessible, Sendable {
    // case commented(Int) is not a case.
    /* case blockCommented(Int), /* nested */ neither */
    /// Doc comment mentioning case documented(Int).
    case plain
    case single(Int)
    case labelled(count: Int)
    case pair(id: Int, name: String)
    case mixed(Int, name: String)
    case defaults(page: Int = 0, note: String = "case fake(Int), with a comma")
    case optional(String?)
    case generic([String: [Int]], Dictionary<String, Int> = Dictionary<String, Int>())
    case closure(@Sendable (Int) -> String)
    case existential(any Error & Sendable)
    case tuple((Int, Int))
    case `default`
    case `class`(Int)
    case trailingComma(first: Int, second: String, )
    indirect case recursive(Payloads)
    @available(*, deprecated, message: "only compiled, never read")
    case retired

    /// Strings that mention cases are not cases.
    public static let decoys = [
        "case stringDecoy(Int)",
        #"case rawDecoy(Int) "\#("interpolated case")""#,
        """
        case multilineDecoy(Int)
        """,
        "\("case interpolationDecoy(Int)".count)",
    ]
}

/// Every name Swift accepts for a case, even those that mean something else after a `.`.
public enum Reserved: CaseAccessible, Sendable {
    case `Type`
    case `Protocol`(Int)
    case `self`
    case `init`(name: String)
    case `Self`
}

/// A `package` enum gets `package` accessors.
package enum PackageLevel: CaseAccessible {
    case on, off(reason: String)
}

/// An internal enum gets internal accessors; `Shapes.internalReadBack()` reads them.
enum InternalLevel: CaseAccessible {
    case ready(Int)
}

/// A raw-value enum.
public enum Raw: String, CaseAccessible, Sendable {
    case first = "1", second
}

/// Cases under `#if` get accessors under the same condition.
public enum Conditional: CaseAccessible, Sendable {
    case always
    #if compiler(>=5.9)
    case modern(Int)
    #if swift(>=99)
    case future
    #endif
    #else
    case ancient
    #endif
}

/// `internalReadBack()` reads the internal accessors.
public func internalReadBack() -> String {
    "ready: \(String(describing: InternalLevel.ready(7).ready))"
}
