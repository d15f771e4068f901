import Testing

@testable import Lifecycle

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

    @Test func onlyBackgroundAndTerminationRequireAcknowledgement() {
        let requiring = AppLifecycleAction.allCases.filter(\.requiresAcknowledgement)
        #expect(requiring == [.didEnterBackground, .willTerminate])
    }
}
