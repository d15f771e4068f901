import LifecycleAdapters
import LifecycleClient
import Testing

@Suite struct ScriptedLifecycleTests {
    @Test func playsTheScriptAndRecordsAcknowledgements() async {
        let script: [LifecycleEvent] = [
            .didBecomeActive, .willBecomeInactive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
            .willTerminate,
        ]
        let scripted = ScriptedLifecycle(script)
        let client = scripted.client
        var received: [LifecycleEvent] = []
        for await event in client.events() {
            received.append(event)
            client.acknowledge(event)
        }
        #expect(received == script)
        #expect(scripted.acknowledgements == script)
    }

    @Test func pausesAfterAnEventThatRequiresAcknowledgement() async {
        let scripted = ScriptedLifecycle([.didBecomeActive, .didEnterBackground, .willEnterForeground])
        let client = scripted.client
        var iterator = client.events().makeAsyncIterator()
        #expect(await iterator.next() == .didBecomeActive)
        #expect(await iterator.next() == .didEnterBackground)
        #expect(scripted.played == [.didBecomeActive, .didEnterBackground])
        client.acknowledge(.didBecomeActive)
        #expect(scripted.played == [.didBecomeActive, .didEnterBackground])
        client.acknowledge(.didEnterBackground)
        #expect(scripted.played == [.didBecomeActive, .didEnterBackground, .willEnterForeground])
        #expect(await iterator.next() == .willEnterForeground)
        #expect(await iterator.next() == nil)
    }

    @Test func withoutPausingTheWholeScriptIsBuffered() async {
        let scripted = ScriptedLifecycle([.didEnterBackground, .willTerminate], pausesForAcknowledgement: false)
        var received: [LifecycleEvent] = []
        for await event in scripted.client.events() {
            received.append(event)
        }
        #expect(received == [.didEnterBackground, .willTerminate])
        #expect(scripted.acknowledgements.isEmpty)
    }

    @Test func aScriptThatStaysOpenTakesSentEventsUntilFinished() async {
        let scripted = ScriptedLifecycle([.didBecomeActive], finishesAfterScript: false)
        var iterator = scripted.client.events().makeAsyncIterator()
        #expect(await iterator.next() == .didBecomeActive)
        scripted.send(.willBecomeInactive)
        #expect(await iterator.next() == .willBecomeInactive)
        scripted.finish()
        #expect(await iterator.next() == nil)
    }
}
