// 04 — Projections and observation.
//
// A view should see exactly its feature, and hear only about what it shows. A projection
// (`store.projection(action:state:)`) is a view of the store on one feature's action and state:
// it reads through a path and dispatches through a case path, and costs nothing to hold. There
// are three ways to observe a store or a projection, each per path: `subscribe(_:_:_:)` calls
// back on the main actor after each change; `values(of:_:)` is an `AsyncSequence` that starts
// with the current value; reading through a dynamic member (`profile.name`) inside
// `withObservationTracking` — as a SwiftUI body does — tracks that path only. `ProfileLabel`
// below takes `some StateObservable<Profile>`, so it works on a store or a projection alike.
import Aqueduct

enum ProjectionsAndObservation {
    struct Profile: Equatable, Sendable {
        var name = "Ada"
        var visits = 0
    }

    enum ProfileAction: CaseAccessible, Sendable, Equatable {
        case rename(String)
        case visit
    }

    struct State: Equatable, Sendable {
        var profile = Profile()
        var unread = 0
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case profile(ProfileAction)
        case messageArrived
    }

    static let profileReducer = Reducer<ProfileAction, Profile>.reduce { action, profile in
        switch action {
        case .rename(let name): profile.name = name
        case .visit: profile.visits += 1
        }
    }

    static let reducer: Reducer<Action, State> =
        profileReducer.lift(action: \Action.Cases.profile, state: \State.profile)
        <> .reduce { action, state in
            if case .messageArrived = action { state.unread += 1 }
        }

    /// A label showing a profile's name, kept up to date by a subscription: what a UIKit or AppKit
    /// view, or a terminal screen, would do. It knows `Profile`, not the app.
    @MainActor
    final class ProfileLabel {
        private(set) var text: String
        /// How many times the label was redrawn.
        private(set) var redraws = 0
        private var subscription: StoreSubscription?

        init(showing profile: some StateObservable<Profile>) {
            // `subscribe` does not call back with the current value: read it first.
            text = profile.state.name
            subscription = profile.subscribe(\.name, .removingDuplicates) { [weak self] name in
                self?.text = name
                self?.redraws += 1
            }
        }

        /// Stops following the profile, as a view that goes away does (releasing the label does too).
        func stop() {
            subscription?.cancel()
        }
    }
}
