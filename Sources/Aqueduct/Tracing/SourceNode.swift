/// One line of an ``ActionSource``'s ``ActionSource/info``, and the lines before it: a source's
/// info is a list from the newest line back, so that deriving a source shares its cause's lines.
///
/// A node is made when an action is derived from another — by a bridge, by an effect — and
/// holds what its line needs (the cause action, a call site) rather than the text: describing an
/// action goes through reflection and takes microseconds, and most sources are never read. Each
/// kind of derivation has its own node, so deriving a source allocates that node alone.
///
/// Sources and nodes hold nodes as ``SourceNodeReference``s, plain object references, and see them
/// as this protocol only when a line is read.
@usableFromInline
internal protocol SourceNode: AnyObject, Sendable {
    /// The file as a run-time string, for a source made from strings (decoded from a log);
    /// `nil` when the call site's literal is the file. Every node of a list gives the same.
    var file: String? { get }
    /// The function as a run-time string; see ``file``.
    var function: String? { get }
    /// The node of the line before this one, `nil` for the oldest.
    var earlier: SourceNodeReference? { get }
    /// This node's line, built each time it is read; `nil` for a node that only carries strings.
    var infoLine: String? { get }
    /// Whether the node has a line at all, without building it.
    var hasInfoLine: Bool { get }
    /// The line when it was given as text, for comparing sources without building lines; `nil`
    /// for a line built when read (a bridge's, an effect's, a deferred one).
    var textLine: String? { get }
}

extension SourceNode {
    @usableFromInline
    var hasInfoLine: Bool { true }
    @usableFromInline
    var textLine: String? { nil }

    @usableFromInline
    var file: String? { SourceNodes.node(earlier)?.file }
    @usableFromInline
    var function: String? { SourceNodes.node(earlier)?.function }

    /// The lines of this node and the ones before it, oldest first.
    var infoLines: [String] {
        var lines: [String] = []
        var node: (any SourceNode)? = self
        while let current = node {
            if let line = current.infoLine { lines.append(line) }
            node = SourceNodes.node(current.earlier)
        }
        return lines.reversed()
    }
}

/// A ``SourceNode`` as sources hold it: a plain object reference.
@usableFromInline
internal typealias SourceNodeReference = AnyObject & Sendable

/// Seeing a ``SourceNodeReference`` as the node it is.
internal enum SourceNodes {
    /// The node `reference` refers to; every reference a source holds is a ``SourceNode``.
    static func node(_ reference: SourceNodeReference?) -> (any SourceNode)? {
        guard let reference else { return nil }
        guard let node = reference as? any SourceNode else {
            preconditionFailure("an ActionSource holds a node that is not a SourceNode: \(type(of: reference))")
        }
        return node
    }
}

/// The line `Sent by an effect of <cause>`: what an action sent by an effect without a source of
/// its own adds to the source of the action that caused the effect.
@usableFromInline
internal final class SentByEffectLine<Cause: Sendable>: SourceNode {
    @usableFromInline
    let earlier: SourceNodeReference?
    let cause: Cause

    @usableFromInline
    init(earlier: SourceNodeReference?, cause: Cause) {
        self.earlier = earlier
        self.cause = cause
    }

    @usableFromInline
    var infoLine: String? { "Sent by an effect of \(ActionDescription.describe(cause))" }
}
