import Aqueduct

extension ActionRecord {
    /// One cancellation an action's effect made: a `.cancel(id:)`, a
    /// `cancellable(id:cancelInFlight: true)` that ended effects still running, or the end of
    /// the effects of a child the action removed (a stack entry popped, an element removed, an
    /// optional child set to `nil`).
    ///
    /// ```swift
    /// let popped = ActionRecord.Cancellation(kind: .child, target: "stack entry #2", effectCount: 1)
    /// let line = popped.description  // stack entry #2 removed: 1 effect ended
    /// ```
    ///
    /// Recorded as `{"kind": "id" | "in-flight" | "child", "target": "…", "effects": 1}` in
    /// the line's `cancellations` array.
    public struct Cancellation: Hashable, Sendable, CustomStringConvertible {
        /// What cancelled the effects.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// `.cancel(id:)`: ``Cancellation/target`` is the id.
            case id
            /// A `cancellable(id:cancelInFlight: true)` effect ended those in flight under its
            /// id: ``Cancellation/target`` is the id.
            case inFlight = "in-flight"
            /// A child left the state and its effects ended: ``Cancellation/target`` is the
            /// child — `stack entry #2`, `element 7`, `element at index 3`, `child`.
            case child
        }

        /// What cancelled the effects.
        public var kind: Kind
        /// The id, or the child, described.
        public var target: String
        /// How many effects it ended: those whose work had not returned yet (a
        /// concatenation's parts count with it); 0 for a `.cancel(id:)` with nothing to cancel.
        public var effectCount: Int

        /// Creates a recorded cancellation.
        ///
        /// - Parameters:
        ///   - kind: What cancelled the effects.
        ///   - target: The id, or the child, described.
        ///   - effectCount: How many effects it ended (0 or more).
        public init(kind: Kind, target: String, effectCount: Int) {
            self.kind = kind
            self.target = target
            self.effectCount = effectCount
        }

        /// `cancel(id: timer): 1 effect ended`, `in flight under search: 1 effect ended`,
        /// `stack entry #2 removed: 2 effects ended`.
        public var description: String {
            let ended = effectCount == 1 ? "1 effect ended" : "\(effectCount) effects ended"
            switch kind {
            case .id: return "cancel(id: \(target)): \(ended)"
            case .inFlight: return "in flight under \(target): \(ended)"
            case .child: return "\(target) removed: \(ended)"
            }
        }

        /// The most cancellations one record keeps; past it, ``ActionRecord/cancellationsTruncated``.
        static let maximumCount = 64
        /// The longest target a recorder writes, in characters (longer ones end with `…`).
        static let maximumTargetLength = 1_000

        /// A cancellation as the engine saw it, its target cut to ``maximumTargetLength``.
        init(_ cancellation: EffectCancellation) {
            let kind: Kind
            let target: String
            switch cancellation.target {
            case .id(_, let inFlight):
                kind = inFlight ? .inFlight : .id
                target = cancellation.idDescription
            case .child(let childKind, _):
                kind = .child
                target = "\(childKind) \(cancellation.idDescription)"
            }
            self.init(
                kind: kind,
                target: target.count > Self.maximumTargetLength
                    ? String(target.prefix(Self.maximumTargetLength)) + "…" : target,
                effectCount: cancellation.effectCount
            )
        }

        /// A cancellation from the members of its object, each checked.
        init(fields: RecordFields) throws(RecordFields.Failure) {
            let kindName = try fields.string("kind")
            guard let kind = Kind(rawValue: kindName) else {
                throw fields.failure("kind", "\"\(Self.shortened(kindName))\" is not one of id, in-flight, child")
            }
            let effectCount = try fields.integer("effects", as: Int.self)
            guard effectCount >= 0 else {
                throw fields.failure("effects", "effects is \(effectCount); it must be 0 or more")
            }
            self.init(kind: kind, target: try fields.string("target"), effectCount: effectCount)
        }

        /// `text`, at most 40 characters of it, for a message about a value that is wrong.
        private static func shortened(_ text: String) -> String {
            text.count > 40 ? String(text.prefix(40)) + "…" : text
        }
    }
}

extension ActionRecord {
    /// The recorded cancellations of what the engine told the recorder, at most
    /// ``Cancellation/maximumCount``, and whether there were more.
    static func recorded(_ cancellations: [EffectCancellation]) -> (kept: [Cancellation], truncated: Bool) {
        if cancellations.isEmpty { return ([], false) }
        let kept = cancellations.prefix(Cancellation.maximumCount).map(Cancellation.init)
        return (kept, cancellations.count > Cancellation.maximumCount)
    }
}
