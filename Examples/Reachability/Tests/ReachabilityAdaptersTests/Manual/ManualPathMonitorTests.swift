import ReachabilityAdapters
import ReachabilityClient
import Testing

@Suite struct ManualPathMonitorTests {
    static let wired = NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0")

    @Test func deliversTheInitialPathThenWhatTheTestSends() async throws {
        let monitor = ManualPathMonitor(initial: .disconnected)
        var iterator = try monitor.client.paths().makeAsyncIterator()
        #expect(await iterator.next() == .disconnected)
        monitor.send(Self.wired)
        monitor.send(.disconnected)
        #expect(await iterator.next() == Self.wired)
        #expect(await iterator.next() == .disconnected)
    }

    @Test func aLaterStreamStartsFromTheCurrentPath() async throws {
        let monitor = ManualPathMonitor()
        monitor.send(Self.wired)
        var iterator = try monitor.client.paths().makeAsyncIterator()
        #expect(await iterator.next() == Self.wired)
    }

    @Test func cancellingTheConsumerStopsItsStream() async throws {
        let monitor = ManualPathMonitor(initial: .disconnected)
        let stream = try monitor.client.paths()
        #expect(monitor.activeStreamCount == 1)
        let (received, receivedContinuation) = AsyncStream.makeStream(of: NetworkPath.self)
        let consumer = Task {
            for await path in stream { receivedContinuation.yield(path) }
        }
        var iterator = received.makeAsyncIterator()
        #expect(await iterator.next() == .disconnected)  // the consumer is iterating
        consumer.cancel()
        await consumer.value
        #expect(monitor.activeStreamCount == 0)
    }

    @Test func finishEndsEveryStream() async throws {
        let monitor = ManualPathMonitor()
        let first = try monitor.client.paths()
        let second = try monitor.client.paths()
        #expect(monitor.activeStreamCount == 2)
        monitor.finish()
        var firstIterator = first.makeAsyncIterator()
        var secondIterator = second.makeAsyncIterator()
        #expect(await firstIterator.next() == nil)
        #expect(await secondIterator.next() == nil)
        #expect(monitor.activeStreamCount == 0)
    }
}
