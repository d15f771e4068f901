#if os(Linux)
import ExampleTestSupport
import Foundation
import Testing

/// Runs the real ``NetlinkPathMonitor`` (through the `ReachabilityProbe` executable) inside a private network
/// namespace made by `unshare -rn`, changes links and routes there with `ip`, and checks the paths it printed.
///
/// Each scenario's script waits for the probe's line after each step (`read` on a FIFO, no sleeps), and the whole
/// run is bounded by `timeout` plus the probe's own `--timeout`, so a broken monitor fails the test instead of
/// hanging it.
@Suite struct NetlinkNamespaceIntegrationTests {
    /// Where SwiftPM put the probe: beside the test executable (it is a dependency of the test target).
    static let probe: URL? = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            executable.deletingLastPathComponent().appendingPathComponent("ReachabilityProbe"),
            URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/ReachabilityProbe"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether this machine lets an unprivileged process create a network namespace and has iproute2 in it.
    static let namespacesAvailable: Bool = {
        (try? run(["unshare", "-rn", "sh", "-c", "ip link show lo >/dev/null"]).status) == 0
    }()

    static let setUpV0 = [
        "ip link add v0 type veth peer name v1",
        "ip link set v0 up",
        "ip link set v1 up",
        "ip addr add 10.200.0.1/24 dev v0",
        "ip route add default via 10.200.0.2 dev v0",
    ]

    @Test(
        "a veth default route connects, link down disconnects",
        .enabled(if: namespacesAvailable, "needs unprivileged user+network namespaces (`unshare -rn`) and iproute2")
    )
    func vethLinkUpAndDown() throws {
        let lines = try Self.scenario([Self.setUpV0, ["ip link set v0 down"]])
        #expect(
            lines == [
                "disconnected",
                "connected wired v0 expensive=false constrained=false",
                "disconnected",
            ]
        )
    }

    @Test(
        "an IPv6-only default route connects, deleting the link disconnects",
        .enabled(if: namespacesAvailable, "needs unprivileged user+network namespaces (`unshare -rn`) and iproute2")
    )
    func ipv6DefaultRouteAndLinkDeletion() throws {
        let lines = try Self.scenario([
            [
                "ip link add v0 type veth peer name v1",
                "ip link set v0 up",
                "ip link set v1 up",
                "ip -6 addr add 2001:db8::1/64 dev v0 nodad",
                "ip -6 route add default via 2001:db8::2 dev v0",
            ],
            ["ip link del v0"],
        ])
        #expect(
            lines == [
                "disconnected",
                "connected wired v0 expensive=false constrained=false",
                "disconnected",
            ]
        )
    }

    @Test(
        "routes the kernel flushes silently when a link goes down are forgotten",
        .enabled(if: namespacesAvailable, "needs unprivileged user+network namespaces (`unshare -rn`) and iproute2")
    )
    func silentlyFlushedRouteIsForgotten() throws {
        // After `v0` comes back up its IPv4 default route is gone (the kernel flushed it without a message). If the
        // monitor still believed in it, it would report v0 (metric 0) again; it must report w0 (metric 100).
        let lines = try Self.scenario([
            Self.setUpV0,
            ["ip link set v0 down"],
            [
                "ip link set v0 up",
                "ip link add w0 type veth peer name w1",
                "ip link set w0 up",
                "ip link set w1 up",
                "ip addr add 10.201.0.1/24 dev w0",
                "ip route add default via 10.201.0.2 dev w0 metric 100",
            ],
        ])
        #expect(
            lines == [
                "disconnected",
                "connected wired v0 expensive=false constrained=false",
                "disconnected",
                "connected wired w0 expensive=false constrained=false",
            ]
        )
    }

    /// Starts the probe in a fresh namespace, waits for its first line, then for each step runs the commands and
    /// waits for the next line. Returns every line the script echoed.
    static func scenario(_ steps: [[String]]) throws -> [String] {
        let probe = try #require(probe, "ReachabilityProbe was not built beside the tests")
        var script = """
            set -e
            fifo=$(mktemp -u)
            mkfifo "$fifo"
            "$PROBE" --exit-after \(steps.count + 1) --timeout 20 > "$fifo" &
            exec 3< "$fifo"
            rm "$fifo"
            read -r line <&3; echo "$line"

            """
        for step in steps {
            script += step.joined(separator: "\n") + "\n"
            script += "read -r line <&3; echo \"$line\"\n"
        }
        script += "wait\n"
        let result = try run(
            ["timeout", "-k", "5", "30", "unshare", "-rn", "sh", "-c", script],
            environment: ["PROBE": probe.path]
        )
        #expect(result.status == 0, "script failed: \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    static func run(
        _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        // `timeout` in the script ends it within 35 s; this bound only keeps a lost exit from hanging.
        Wait.blocking(timeout: .seconds(60)) { ChildExit.hasExited(process) }
        return (
            ChildExit.status(of: process)?.status ?? -1, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
#endif
