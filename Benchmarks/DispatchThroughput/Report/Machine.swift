#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine and moment of a run, for the report's header.
struct Machine: Sendable {
    /// Online processors.
    let processors: Int
    /// The CPU's model name from `/proc/cpuinfo`, or `unknown`.
    let cpu: String
    /// The compiler the benchmark was built with.
    let swift: String
    /// The one-minute load average when the run started; above the processor count, other
    /// work competes with the benchmark and the figures are noisy.
    let load: Double
    /// UTC date and time, `2026-11-22 23:59 UTC`.
    let date: String

    /// Describes the machine now.
    static func current() -> Machine {
        Machine(
            processors: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            cpu: cpuModel() ?? "unknown",
            swift: compilerVersion,
            load: loadAverage() ?? .nan,
            date: utcDate()
        )
    }

    /// The header line.
    var description: String {
        "\(date) · \(processors) cores · \(cpu) · \(swift) · load \(Format.number(load, digits: 2))"
    }

    /// The compiler the benchmark was built with: `Swift 6.3`.
    static var compilerVersion: String {
        #if compiler(>=6.4)
        "Swift ≥ 6.4"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #else
        "Swift < 6.2"
        #endif
    }

    private static func cpuModel() -> String? {
        guard let text = readFile("/proc/cpuinfo") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
        return nil
    }

    private static func loadAverage() -> Double? {
        guard let text = readFile("/proc/loadavg"), let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    private static func utcDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + " \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }

    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
