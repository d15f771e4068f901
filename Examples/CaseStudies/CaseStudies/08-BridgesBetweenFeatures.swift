// 08 — Bridges between two features.
//
// The session knows who is signed in; the inbox knows how to open and close. Neither imports
// the other. The rule that connects them — "when someone signs in, open their inbox" — belongs
// to the app, and a `BridgeMiddleware` holds it: each `-->` reads "when this action happens,
// send that one". The left side is a case path (`\.session.signIn`); the right side is an action,
// or a function of the case's payload that returns one (or `nil` for none). `when:` adds a
// condition on the state *after* the reducer ran on the original action. A bridged action is
// processed right after its original, in the same `dispatch`, and its source says
// `Bridged from …` with the line of the bridge, so the log shows why it happened.
import Aqueduct

enum BridgesBetweenFeatures {
    struct Session: Equatable, Sendable {
        var user: String?
        var signIns = 0
    }

    enum SessionAction: CaseAccessible, Sendable, Equatable {
        case signIn(user: String)
        case signOut
    }

    struct Inbox: Equatable, Sendable {
        var owner: String?
        var showsWelcome = false
    }

    enum InboxAction: CaseAccessible, Sendable, Equatable {
        case open(owner: String)
        case welcome
        case close
    }

    struct State: Equatable, Sendable {
        var session = Session()
        var inbox = Inbox()
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case session(SessionAction)
        case inbox(InboxAction)
    }

    static let sessionReducer = Reducer<SessionAction, Session>.reduce { action, session in
        switch action {
        case .signIn(let user):
            session.user = user
            session.signIns += 1
        case .signOut:
            session.user = nil
        }
    }

    static let inboxReducer = Reducer<InboxAction, Inbox>.reduce { action, inbox in
        switch action {
        case .open(let owner): inbox.owner = owner
        case .welcome: inbox.showsWelcome = true
        case .close: inbox = Inbox()
        }
    }

    static let reducer: Reducer<Action, State> =
        sessionReducer.lift(action: \Action.Cases.session, state: \State.session)
        <> inboxReducer.lift(action: \Action.Cases.inbox, state: \State.inbox)

    /// The app's workflow, in one place.
    @MainActor
    static var bridges: BridgeMiddleware<Action, State> {
        BridgeMiddleware<Action, State>()
            // A function of the payload: the user who signed in.
            .bridge(\.session.signIn --> { user in .inbox(.open(owner: user)) })
            // A condition on the state after the reducer: the first sign-in has made `signIns` 1.
            .bridge(\.session.signIn --> Action.inbox(.welcome), when: { $0.session.signIns == 1 })
            // A case, whatever its payload, to an action.
            .bridge(\.session.signOut --> Action.inbox(.close))
    }
}
