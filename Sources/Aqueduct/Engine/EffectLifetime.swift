import Synchronization

/// One run of an effect, as the actions it sends see it: *open* while its work runs, *closed*
/// once its work has returned, *cancelled* once the engine cancelled it.
///
/// Each action an effect sends carries its lifetime — into the inbox (from a `Send`) or the
/// dispatch queue (from an ``ImmediateSend``) — and is dropped, unprocessed, if the lifetime is
/// cancelled by the time the main actor takes it out. Cancellation is decided on the main actor
/// too (a `.cancel(id:)`, a `cancelInFlight`, a test driver), or when the engine is released
/// (after which nothing is processed at all), so no interleaving of threads lets an action of a
/// cancelled effect be processed after the cancellation. Sends after the work returned or the
/// effect was cancelled are dropped at once, under the storage's lock; of the sends after the
/// work returned, the first is reported and the rest are not (``markLateSend()``).
///
/// The phase is written under ``LockedEngineStorage``'s lock (by the ``EffectRegistryStateMachine``'s
/// transitions, as the storage applies them) and read under it by senders; the main actor reads
/// ``isCancelled`` without the lock, on every action it takes out, which an atomic makes safe.
/// ``lastTake`` says which inbox batch took the lifetime's last action, for the registry to know
/// when nothing it sent can still be waiting (see ``EffectRegistryStateMachine``).
@usableFromInline
package final class EffectLifetime: Sendable {
    /// The effect's token in the registry: tokens grow, so they order effects oldest first.
    @usableFromInline
    package let token: Int

    /// Describes the action that started the effect; built only when read.
    package let describe: @Sendable () -> String

    /// `0` open; the bits ``closedBit``, ``cancelledBit`` and ``lateReportedBit`` once set
    /// stay set.
    @usableFromInline
    internal let phase = Atomic<UInt8>(0)

    /// The number of the inbox take that takes (or took) the last action this effect sent into
    /// the inbox, or ``neverSent``. Written and read under the storage's lock.
    @usableFromInline
    internal let lastTake = Atomic<Int>(EffectLifetime.neverSent)

    @usableFromInline
    internal static var closedBit: UInt8 { 1 }
    @usableFromInline
    internal static var cancelledBit: UInt8 { 2 }
    /// Set, after ``closedBit``, when a send after the work returned has been reported.
    @usableFromInline
    internal static var lateReportedBit: UInt8 { 4 }
    /// ``lastTake`` of an effect that has sent nothing into the inbox.
    @usableFromInline
    internal static var neverSent: Int { -1 }

    @usableFromInline
    internal init(token: Int, describe: @escaping @Sendable () -> String) {
        self.token = token
        self.describe = describe
    }

    /// Whether the engine cancelled the effect: what it sent and was not processed yet is
    /// dropped.
    @inlinable
    package var isCancelled: Bool {
        phase.load(ordering: .relaxed) & Self.cancelledBit != 0
    }

    /// Whether the effect may still send: its work runs and it was not cancelled.
    @inlinable
    internal var isOpen: Bool {
        phase.load(ordering: .relaxed) == 0
    }

    /// An action it sent entered the inbox, to be taken by take number `take`. Under the
    /// storage's lock.
    @inlinable
    internal func recordSend(takenBy take: Int) {
        lastTake.store(take, ordering: .relaxed)
    }

    /// A send after the work returned was dropped: whether it is the first, the one to report.
    /// A leaked task that keeps sending is one bug, reported once, not once per action.
    @usableFromInline
    internal func markLateSend() -> Bool {
        phase.bitwiseOr(Self.lateReportedBit, ordering: .relaxed).oldValue & Self.lateReportedBit == 0
    }

    /// The work returned: later sends are dropped.
    internal func close() {
        phase.bitwiseOr(Self.closedBit, ordering: .relaxed)
    }

    /// The engine cancelled the effect.
    internal func cancel() {
        phase.bitwiseOr(Self.cancelledBit, ordering: .relaxed)
    }
}
