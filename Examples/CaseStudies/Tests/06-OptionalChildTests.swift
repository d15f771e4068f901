import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct OptionalChildTests {
    typealias Feature = OptionalChild

    let clock = TestClock()

    /// A save that takes a second of `clock`.
    func makeStore() -> TestStore<Feature.Action, Feature.State> {
        TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.middleware(save: { [clock] _ in try? await clock.sleep(for: .seconds(1)) })
        )
    }

    @Test func savingUpdatesTheParentAndTheSheetDismissesItself() async {
        let store = makeStore()
        await store.dispatch(.editTapped) { $0.editor = Feature.Editor(draft: "Ada") }
        await store.dispatch(.editor(.presented(.edit("Grace")))) { $0.editor?.draft = "Grace" }
        await store.dispatch(.editor(.presented(.saveTapped))) { $0.editor?.isSaving = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.editor(.presented(.saved("Grace")))) {
            $0.name = "Grace"  // the parent's Feature.reducer
            $0.editor?.isSaving = false  // the child's
        }
        // `.dismiss` from the child's middleware, turned into the parent's action by the lift.
        let dismissal = await store.receive(.editor(.dismiss)) { $0.editor = nil }
        #expect(dismissal?.source.info?.contains("Sent by an effect of editor(") == true)
        await store.finish()
    }

    @Test func cancellingDismissesWithoutSaving() async {
        let store = makeStore()
        await store.dispatch(.editTapped) { $0.editor = Feature.Editor(draft: "Ada") }
        await store.dispatch(.editor(.presented(.edit("Lin")))) { $0.editor?.draft = "Lin" }
        await store.dispatch(.editor(.presented(.cancelTapped)))
        await store.receive(.editor(.dismiss)) { $0.editor = nil }
        #expect(store.state.name == "Ada")
        await store.finish()
    }

    @Test func dismissingTheSheetWhileItSavesEndsTheSave() async {
        let store = makeStore()
        await store.dispatch(.editTapped) { $0.editor = Feature.Editor(draft: "Ada") }
        await store.dispatch(.editor(.presented(.edit("Grace")))) { $0.editor?.draft = "Grace" }
        await store.dispatch(.editor(.presented(.saveTapped))) { $0.editor?.isSaving = true }
        await store.dispatch(.editor(.dismiss)) { $0.editor = nil }  // swiped away
        await clock.advance(by: .seconds(1))
        // The save's `.saved` is never reduced: the name stays, nothing is left to receive.
        #expect(store.state.name == "Ada")
        await store.finish()
    }

    @Test func anActionForASheetThatIsNotShownChangesNothing() async {
        let store = makeStore()
        await store.dispatch(.editor(.presented(.saveTapped)))  // dropped: no editor
        await clock.advance(by: .seconds(1))
        await store.finish()
    }
}
