import Testing

@testable import Aqueduct

/// A bridge middleware refills one firing for the matches that need no allocation (a case path
/// without a payload, a source without info, no state read): it must never refill one that an
/// effect still holds, nor keep a firing that holds a store's state getter.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct BridgeFiringTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static let bridges = BridgeMiddleware<AppAction, AppState>()
        .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))

    /// A source as a dispatch makes it: from literals, with no info.
    static func source(line: UInt) -> ActionSource {
        ActionSource(line: line)
    }

    /// What `effect` derives, as the engine runs it: each action with its source's line and info.
    static func derived(by effect: Effect<AppAction>) throws -> [(AppAction, UInt, String?)] {
        let storage = try #require(effect._box)
        var derived: [(AppAction, UInt, String?)] = []
        #expect(storage.deriveActions { action, source in derived.append((action, source.line, source.info)) })
        return derived
    }

    @Test func aFiringAnEffectStillHoldsIsNotRefilledForTheNextMatch() throws {
        let state = GetState.constant(AppState())
        let first = Self.bridges.handle(action: .playback(.didStart), from: Self.source(line: 1), state: state)
        let second = Self.bridges.handle(action: .playback(.didStart), from: Self.source(line: 2), state: state)
        let firstFiring: AnyObject? = first._box
        let secondFiring: AnyObject? = second._box
        #expect(firstFiring != nil && secondFiring != nil && firstFiring !== secondFiring)

        let fromSecond = try Self.derived(by: second)
        let fromFirst = try Self.derived(by: first)
        #expect(fromSecond.map(\.0) == [.downloads(.startDownloads)])
        #expect(fromSecond.map(\.1) == [2])
        #expect(fromFirst.map(\.0) == [.downloads(.startDownloads)])
        #expect(fromFirst.map(\.1) == [1])
    }

    @Test func aFiringNoEffectHoldsIsRefilledAndDerivesForItsNewCause() throws {
        let state = GetState.constant(AppState())
        weak var firing: AnyObject?
        do {
            let effect = Self.bridges.handle(action: .playback(.didStart), from: Self.source(line: 1), state: state)
            firing = effect._box
            #expect(try Self.derived(by: effect).map(\.1) == [1])
        }
        // The middleware kept it (so no other object can have its address), and hands it out
        // again for the next match. Held here only weakly: a strong reference would be one
        // more holder, and the firing would rightly not be refilled.
        let kept = ObjectIdentifier(try #require(firing))
        let effect = Self.bridges.handle(action: .playback(.didStart), from: Self.source(line: 7), state: state)
        let refilled = try #require(effect._box)
        #expect(ObjectIdentifier(refilled) == kept)
        let derived = try Self.derived(by: effect)
        #expect(derived.map(\.0) == [.downloads(.startDownloads)])
        #expect(derived.map(\.1) == [7])
        #expect(
            derived.first?.2?.hasPrefix("Bridged from playback(PlaybackEvent.didStart) at BridgeFiringTests.swift")
                == true
        )
    }

    /// Each bridge a match may begin at keeps a firing of its own: matches of two bridges,
    /// alternated, each get their own bridge's firing back, refilled, deriving their own action.
    @Test func matchesOfTwoBridgesAlternatedEachRefillTheirOwnBridgesFiring() throws {
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.playback.didStop --> AppAction.downloads(.stopDownloads))
        let state = GetState.constant(AppState())
        var startFirings: Set<ObjectIdentifier> = []
        var stopFirings: Set<ObjectIdentifier> = []
        for line in UInt(1)...6 {
            let isStart = line % 2 == 1
            let action = AppAction.playback(isStart ? .didStart : .didStop)
            let effect = bridges.handle(action: action, from: Self.source(line: line), state: state)
            let firing = ObjectIdentifier(try #require(effect._box))
            if isStart { startFirings.insert(firing) } else { stopFirings.insert(firing) }
            let derived = try Self.derived(by: effect)
            #expect(derived.map(\.0) == [.downloads(isStart ? .startDownloads : .stopDownloads)])
            #expect(derived.map(\.1) == [line])
        }
        #expect(startFirings.count == 1)
        #expect(stopFirings.count == 1)
        #expect(startFirings != stopFirings)
    }

    @Test func aFiringThatReadsTheStateIsNotKeptWithItsGetter() throws {
        final class StateOwner: Sendable {}
        let filtered = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads), when: { _ in true })
        weak var owner: StateOwner?
        do {
            let strongOwner = StateOwner()
            owner = strongOwner
            let state = GetState<AppState> {
                _ = strongOwner
                return AppState()
            }
            let effect = filtered.handle(action: .playback(.didStart), from: Self.source(line: 3), state: state)
            #expect(try Self.derived(by: effect).map(\.0) == [.downloads(.startDownloads)])
        }
        #expect(owner == nil)
        #expect(filtered.count == 1)
    }

    @Test func aCasePathMatchesOnlyOneActionWhenEveryStepIsTaggedAndTheLastHasNoPayload() {
        #expect(CasePath(\AppAction.Cases.playback.didStart)._onlyRoot == .playback(.didStart))
        #expect(CasePath(\AppAction.Cases.library.refresh)._onlyRoot == .library(.refresh))
        // A payload: many actions.
        #expect(CasePath(\AppAction.Cases.downloads.downloaded)._onlyRoot == nil)
        #expect(CasePath(\AppAction.Cases.playback)._onlyRoot == nil)
        // No tags: nothing says which case the functions take.
        let untagged = CasePath<AppAction, Void>(
            "didStop",
            embed: { .playback(.didStop) },
            extract: { $0 == .playback(.didStop) ? () : nil }
        )
        #expect(untagged._onlyRoot == nil)
    }
}
