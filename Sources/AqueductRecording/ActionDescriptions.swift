import Aqueduct

/// How a recorder records its actions: as ``ActionRecord/Action/init(_:)`` does, with the
/// description of each value it has seen kept, when the action type's description depends on
/// its bytes alone.
///
/// An action that does not describe itself is described by reflection (`String(describing:)`):
/// thousands of instructions a record, on the writer's queue, for an action type whose few
/// values recur — cases without payloads, or with small plain ones. Such a type is plain data
/// (`_isPOD`, so its bytes are its value) of at most 16 bytes, and describes itself through none
/// of the standard library's protocols for it (`CustomStringConvertible`,
/// `CustomDebugStringConvertible`, `TextOutputStreamable`, `CustomReflectable`), so that its
/// description is reflection's, made from those bytes. (A payload that describes itself is
/// taken to describe its value alone, as every description in the standard library does.) Its
/// values are described once each, up to ``capacity`` of them; after that, the others are
/// described every time. (Padding can make two equal values' bytes differ: that costs a second
/// entry, never a wrong description.)
///
/// A type that is not `Encodable` is not asked again for each action whether it is.
@usableFromInline
internal final class ActionDescriptions<Action>: Sendable {
    /// The values of a qualifying type described so far, by their bytes; `nil` for a type that
    /// does not qualify.
    private let seen: LockedValue<[Bytes: String]>?
    /// Whether the action's encoding is to be tried: `false` only for a qualifying type that is
    /// not `Encodable` (a type that does not qualify may be a class or an existential, whose
    /// values' own types decide).
    private let mayEncode: Bool

    /// The number of values whose descriptions are kept.
    internal static var capacity: Int { 256 }

    /// An action's bytes, zero beyond its size.
    private struct Bytes: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    @usableFromInline
    internal init() {
        let qualifies =
            _isPOD(Action.self) && MemoryLayout<Action>.size <= MemoryLayout<Bytes>.size
            && !(Action.self is any CustomStringConvertible.Type)
            && !(Action.self is any CustomDebugStringConvertible.Type)
            && !(Action.self is any TextOutputStreamable.Type)
            && !(Action.self is any CustomReflectable.Type)
        seen = qualifies ? LockedValue([:]) : nil
        mayEncode = !qualifies || Action.self is any Encodable.Type
    }

    /// Whether this type's descriptions are kept.
    internal var keepsDescriptions: Bool { seen != nil }

    /// The number of descriptions kept.
    internal var count: Int { seen?.withLock { $0.count } ?? 0 }

    /// The recorded form of `action`: its description and, when it is `Encodable`, its encoding.
    @usableFromInline
    internal func record(_ action: Action) -> ActionRecord.Action {
        ActionRecord.Action(
            description: describe(action),
            value: mayEncode ? ActionRecord.Action.encoding(of: action) : nil
        )
    }

    /// The description of `action`, as ``ActionDescription/describe(_:)`` makes it.
    private func describe(_ action: Action) -> String {
        guard let seen else { return ActionDescription.describe(action) }
        var bytes = Bytes()
        withUnsafeBytes(of: action) { action in
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: action) }
        }
        if let known = seen.withLock({ $0[bytes] }) { return known }
        let described = ActionDescription.describe(action)
        seen.withLock { seen in
            if seen.count < Self.capacity { seen[bytes] = described }
        }
        return described
    }
}
