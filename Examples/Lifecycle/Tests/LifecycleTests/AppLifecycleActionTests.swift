import Lifecycle
import LifecycleClient
import Testing

@Suite struct AppLifecycleActionTests {
    /// The optional property of each case, by case, so every case is checked against every property.
    private static var properties: [(AppLifecycleAction, KeyPath<AppLifecycleAction, Void?>)] {
        [
            (.didBecomeActive, \.didBecomeActive),
            (.willBecomeInactive, \.willBecomeInactive),
            (.didEnterBackground, \.didEnterBackground),
            (.willEnterForeground, \.willEnterForeground),
            (.willTerminate, \.willTerminate),
        ]
    }

    @Test func everyCaseHasItsOwnOptionalProperty() {
        #expect(Self.properties.map(\.0) == AppLifecycleAction.allCases)
    }

    @Test(arguments: AppLifecycleAction.allCases)
    func onlyTheMatchingPropertyIsNonNil(action: AppLifecycleAction) {
        for (owner, property) in Self.properties {
            #expect((action[keyPath: property] != nil) == (owner == action), "\(action) through \(owner)'s property")
        }
    }

    @Test func eachClientEventHasItsOwnActionAndBack() {
        let actions = LifecycleEvent.allCases.map(AppLifecycleAction.init)
        #expect(actions == AppLifecycleAction.allCases)
        #expect(actions.map(\.event) == LifecycleEvent.allCases)
        #expect(Set(actions.map { "\($0)" }) == Set(LifecycleEvent.allCases.map { "\($0)" }))
    }

    @Test func onlyBackgroundAndTerminationRequireAcknowledgement() {
        let requiring = LifecycleEvent.allCases.filter(\.requiresAcknowledgement)
        #expect(requiring == [.didEnterBackground, .willTerminate])
    }
}
