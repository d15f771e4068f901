/// What waits for room in an engine's inbox: its ``LockedEngineStorage``, seen without its
/// action type, which a ``Send``'s need not be `Sendable` to share.
@usableFromInline
internal protocol InboxRoomKeeper: AnyObject, Sendable {
    /// Returns when an action of the effect with `lifetime` may enter the inbox (see
    /// ``LockedEngineStorage/waitForRoom(sentBy:)``).
    func waitForRoom(sentBy lifetime: EffectLifetime) async
}

extension LockedEngineStorage: InboxRoomKeeper {}

/// The inbox an effect's ``Send`` sends into, and the effect: what its awaiting send,
/// `withBackpressure(_:)`, waits on. Two references, so a `Send` carries it without an
/// allocation.
@usableFromInline
internal struct InboxRoom: Sendable {
    internal let keeper: any InboxRoomKeeper
    internal let lifetime: EffectLifetime

    @usableFromInline
    internal init(keeper: any InboxRoomKeeper, lifetime: EffectLifetime) {
        self.keeper = keeper
        self.lifetime = lifetime
    }

    /// Returns when the effect may send with backpressure.
    internal func wait() async {
        await keeper.waitForRoom(sentBy: lifetime)
    }
}
