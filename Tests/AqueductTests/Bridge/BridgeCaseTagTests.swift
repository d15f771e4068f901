import Aqueduct
import Testing

/// A bridge middleware files the bridges on generated case paths by their cases' tags and asks
/// only those of an action's case, with every bridge without tags: what it fires must not
/// depend on how it found the bridges.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct BridgeCaseTagTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    /// One bridge of every kind for `.playback(.didStart)`, in an order that mixes them: tagged
    /// one case deep, `==`, tagged two cases deep, a bare derivation, the identity path, a
    /// tagged case followed by a case path without a tag, and a bridge on another case.
    static let mixed = BridgeMiddleware<AppAction, AppState>()
        .bridge(\.playback --> { $0 == .didStart ? AppAction.library(.add(.standard)) : nil })
        .bridge(AppAction.playback(.didStart) --> AppAction.library(.add(.high)))
        .bridge(\.playback.didStart --> AppAction.library(.add(.low)))
        .bridge(Bridge<AppAction> { $0 == .playback(.didStart) ? .downloads(.interrupted) : nil })
        .bridge(\.self --> { $0 == .playback(.didStart) ? AppAction.library(.refresh) : nil })
        .bridge(\.playback.startedOrResumed --> AppAction.downloads(.startDownloads))
        .bridge(\.downloads.downloaded --> { AppAction.library(.add($0)) })

    static func dispatch(_ action: AppAction, through bridges: BridgeMiddleware<AppAction, AppState>) -> [AppAction] {
        let recorder = ActionRecorder()
        let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder.middleware <> bridges)
        store.dispatch(action)
        return recorder.actions
    }

    @Test func bridgesOfEveryKindFireInTheOrderTheyWereAdded() {
        #expect(
            Self.dispatch(.playback(.didStart), through: Self.mixed) == [
                .playback(.didStart),
                .library(.add(.standard)), .library(.add(.high)), .library(.add(.low)),
                .downloads(.interrupted), .library(.refresh), .downloads(.startDownloads),
            ]
        )
    }

    @Test func anActionOfAnotherCaseFiresOnlyTheBridgesThatMatchIt() {
        // `\.playback.startedOrResumed` has no tag past `playback`: it is asked, and matches.
        #expect(
            Self.dispatch(.playback(.willResume), through: Self.mixed) == [
                .playback(.willResume), .downloads(.startDownloads),
            ]
        )
        #expect(Self.dispatch(.playback(.didPause), through: Self.mixed) == [.playback(.didPause)])
        #expect(
            Self.dispatch(.downloads(.downloaded(.high)), through: Self.mixed) == [
                .downloads(.downloaded(.high)), .library(.add(.high)),
            ]
        )
        #expect(Self.dispatch(.library(.refresh), through: Self.mixed) == [.library(.refresh)])
    }

    @Test func anActionOfACaseNoBridgeNamesReturnsNoEffect() {
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.library(.refresh))
            .bridge(\.playback.didPause --> AppAction.library(.refresh))
        for action in [AppAction.library(.refresh), .playback(.didStop), .downloads(.interrupted)] {
            #expect(bridges.handle(action: action, from: ActionSource(), state: .constant(AppState())).isNone)
        }
        #expect(
            !bridges.handle(action: .playback(.didPause), from: ActionSource(), state: .constant(AppState())).isNone
        )
    }

    @Test func aCasePathWithoutTagsAtTheRootIsAskedForEveryAction() {
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.library(.add(.low)))
            .bridge(\.startedPlaying --> AppAction.library(.refresh))
        #expect(
            Self.dispatch(.playback(.didStart), through: bridges) == [
                .playback(.didStart), .library(.add(.low)), .library(.refresh),
            ]
        )
        #expect(Self.dispatch(.playback(.didStop), through: bridges) == [.playback(.didStop)])
    }

    @Test func aCasePathMadeWithATagByHandIsFiledByIt() {
        let bridges = BridgeMiddleware<SyncAction, Int>()
            .bridge(\.finishedByHand --> { count in count > 0 ? SyncAction.start : nil })
        let recorder = Recorder<SyncAction, Int>()
        let store = Store(
            initialState: 0,
            reducer: .reduce { action, count in if case .start = action { count += 1 } },
            middleware: recorder.middleware <> bridges
        )
        store.dispatch(.finished(count: 2))
        store.dispatch(.finished(count: 0))
        store.dispatch(.failed(code: 1, message: "no"))
        #expect(store.state == 1)
        #expect(
            recorder.actions == [.finished(count: 2), .start, .finished(count: 0), .failed(code: 1, message: "no")]
        )
    }
}

extension PlaybackEvent.AllCasePaths {
    /// A case path of closures, without a tag: `didStart` or `willResume`.
    var startedOrResumed: CasePath<PlaybackEvent, Void> {
        CasePath(
            "startedOrResumed",
            embed: { .didStart },
            extract: { event in event == .didStart || event == .willResume ? () : nil }
        )
    }
}

extension Player.AppAction.AllCasePaths {
    /// A case path of closures from the root, without a tag.
    var startedPlaying: CasePath<Player.AppAction, Void> {
        CasePath(
            "startedPlaying",
            embed: { .playback(.didStart) },
            extract: { action in action == .playback(.didStart) ? () : nil }
        )
    }
}

extension SyncAction.AllCasePaths {
    /// `\.finished` written by hand, with its tag (the example of `CasePath(_:tag:tags:embed:extract:)`).
    var finishedByHand: CasePath<SyncAction, Int> {
        CasePath(
            "finished",
            tag: 1,
            tags: { action in
                switch action {
                case .start: 0
                case .finished: 1
                case .failed: 2
                }
            },
            embed: { .finished(count: $0) },
            extract: { if case .finished(let value) = $0 { value } else { nil } }
        )
    }
}
