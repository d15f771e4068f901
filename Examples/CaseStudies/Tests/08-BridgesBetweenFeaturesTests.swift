import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct BridgesBetweenFeaturesTests {
    typealias App = BridgesBetweenFeatures

    @Test func signingInOpensTheInboxAndWelcomesTheFirstTimeOnly() async {
        let store = TestStore(initialState: App.State(), reducer: App.reducer, middleware: App.bridges)

        await store.dispatch(.session(.signIn(user: "ada"))) {
            $0.session.user = "ada"
            $0.session.signIns = 1
        }
        // Bridged actions are received like any action the store fed back, in bridge order.
        await store.receive(.inbox(.open(owner: "ada"))) { $0.inbox.owner = "ada" }
        let welcome = await store.receive(.inbox(.welcome)) { $0.inbox.showsWelcome = true }
        #expect(welcome?.source.info?.contains("Bridged from session(") == true)
        #expect(welcome?.source.file.hasSuffix("08-BridgesBetweenFeaturesTests.swift") == true)

        await store.dispatch(.session(.signOut)) { $0.session.user = nil }
        await store.receive(.inbox(.close)) { $0.inbox = App.Inbox() }

        await store.dispatch(.session(.signIn(user: "lin"))) {
            $0.session.user = "lin"
            $0.session.signIns = 2
        }
        await store.receive(.inbox(.open(owner: "lin"))) { $0.inbox.owner = "lin" }
        await store.finish()  // no second welcome
    }

    /// The App.bridges alone, with the state their conditions read.
    @Test func theConditionReadsTheStateAfterTheReducer() async {
        let tester = MiddlewareTester(App.bridges, state: App.State())
        let first = await tester.handle(.session(.signIn(user: "ada")), reducing: App.reducer)
        #expect(first.map(\.action) == [.inbox(.open(owner: "ada")), .inbox(.welcome)])

        tester.state.session.signIns = 4
        let later = await tester.handle(.session(.signIn(user: "ada")), reducing: App.reducer)
        #expect(later.map(\.action) == [.inbox(.open(owner: "ada"))])
        #expect(await tester.handle(.inbox(.close), reducing: App.reducer).isEmpty)
    }

    @Test func oneBridgeDerivesFromTheCaseItNames() {
        let bridge = \App.Action.Cases.session.signOut --> App.Action.inbox(.close)
        #expect(bridge.derive(from: .session(.signOut)) == .inbox(.close))
        #expect(bridge.derive(from: .session(.signIn(user: "ada"))) == nil)
    }
}
