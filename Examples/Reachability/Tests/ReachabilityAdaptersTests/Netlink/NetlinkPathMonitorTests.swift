#if os(Linux)
import ExampleTestSupport
import Foundation
import ReachabilityAdapters
import ReachabilityClient
import Testing

/// The monitor in this process's own network namespace: whatever the host's path is, the monitor must report one,
/// and stopping the consumer must close its socket.
@Suite struct NetlinkPathMonitorTests {
    /// The inodes of this process's netlink sockets bound to exactly the monitor's groups
    /// (RTMGRP_LINK | IPV4_IFADDR | IPV4_ROUTE | IPV6_IFADDR | IPV6_ROUTE = 0x551).
    static func monitorSockets() throws -> Set<String> {
        let table = try String(contentsOfFile: "/proc/self/net/netlink", encoding: .utf8)
        let bound = table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count >= 10, fields[1] == "0", fields[3] == "00000551" else { return nil }
            return String(fields[9])
        }
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        let owned = Set(
            descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
        )
        return Set(bound.filter { owned.contains("socket:[\($0)]") })
    }

    @Test func reportsAPathAndClosesItsSocketWhenTheConsumerStops() async throws {
        let before = try Self.monitorSockets()
        let stream = try NetlinkPathMonitor(configuration: .init(diagnostics: { _ in })).paths()
        let (first, firstContinuation) = AsyncStream.makeStream(of: NetworkPath.self)
        let consumer = Task {
            for await path in stream { firstContinuation.yield(path) }
        }
        var iterator = first.makeAsyncIterator()
        let path = try #require(await iterator.next())
        #expect(path.status == .connected || path == .disconnected)
        let opened = try Self.monitorSockets().subtracting(before)
        #expect(opened.count == 1)

        consumer.cancel()
        await consumer.value
        // The reader thread closes the socket after it wakes; wait for it, bounded, rather than assume a duration.
        try await Wait.until("the netlink socket to close after the consumer stopped", timeout: .seconds(5)) {
            try Self.monitorSockets().isDisjoint(with: opened)
        }
    }
}
#endif
