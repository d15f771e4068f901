import Aqueduct
import Testing

// The examples of the doc comments of Bridge, StateBridge and BridgeMiddleware that no other
// test has: the rest are quoted from the bridge tests and LifeSignal's bridges.

extension DocumentationExamples {
    @MainActor
    @Suite struct BridgeExamplesTests {
        @Test func aBridgeMiddlewareCountsItsBridges() {
            #expect(Player.appBridges.count == 2)
        }
    }
}
