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
        let command = DevToolsCommand(
            standardOutput: { Descriptor.writeAll(1, $0) },
            standardError: { Descriptor.writeAll(2, $0) }
        )
        exit(command.run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }
}
