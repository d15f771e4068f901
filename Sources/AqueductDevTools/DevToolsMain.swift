#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `AqueductDevTools`: `swift run AqueductDevTools report RECORDING.jsonl --output report.html`.
@main
enum DevToolsMain {
    static func main() {
        // A closed standard output (`… | head -1`) must not kill the tool before it has written
        // the report: with SIGPIPE ignored, such a write fails with EPIPE, which the tool's
        // messages ignore (the report is the work; the message only says where it went).
        signal(SIGPIPE, SIG_IGN)
        let command = DevToolsCommand(
            standardOutput: { Descriptor.writeAll(1, $0) },
            standardError: { Descriptor.writeAll(2, $0) }
        )
        exit(command.run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }
}
