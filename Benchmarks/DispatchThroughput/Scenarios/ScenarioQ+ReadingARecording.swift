import AqueductRecording
import Foundation
import SyntheticRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Scenarios {
    /// q. `ActionRecording(contentsOf:)` reads a recording file — the reader the DevTools report
    /// and replay use — per record.
    ///
    /// The file is ReportLoad's synthetic LifeSignal session (`SyntheticSession`), written
    /// before the measured region: its lines are what a recorder writes, with actions' values,
    /// causes, sources and state changes. A full run reads 100,000 records at once; the
    /// instruction gate reads a thousandth of that (100 records), since the per-record cost is
    /// what it gates. The baseline reads the same file as the reader does (`read(2)` into a
    /// 64 KiB buffer) and splits it into lines by hand, touching every byte once: what any
    /// reader of the file pays before decoding a line.
    static var q: ScenarioSlot {
        .ready(
            Scenario(
                id: "q",
                title: "reading a recording with ActionRecording (per record)",
                actionsPerRepetition: 100_000,
                subject: Workload("ActionRecording(contentsOf:)", key: "action_recording") { count in
                    RecordingReadWorkloads.readRecording(count)
                },
                baseline: Workload("the file read and split into lines", key: "split_lines") { count in
                    RecordingReadWorkloads.splitLines(count)
                },
                budgets: []
            )
        )
    }
}

@MainActor
private enum RecordingReadWorkloads {
    /// The files' text by number of records, made once each.
    static var texts: [Int: [UInt8]] = [:]

    /// Writes a recording of `count` records to a fresh file, runs `body` on its path and
    /// removes the file.
    static func withRecording(_ count: Int, _ body: (String) -> Sample) -> Sample {
        let text: [UInt8]
        if let made = texts[count] {
            text = made
        } else {
            guard let made = try? SyntheticSession.jsonLines(count: count) else {
                fatalError("cannot encode a synthetic session of \(count) records")
            }
            texts[count] = made
            text = made
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("DispatchThroughput-read-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(text)) else {
            fatalError("cannot write \(path)")
        }
        return body(path)
    }

    /// The recording read with `ActionRecording`, checked after the region.
    static func readRecording(_ count: Int) -> Sample {
        withRecording(count) { path in
            var recording: ActionRecording?
            let sample = measure {
                recording = try? ActionRecording(contentsOf: path)
            }
            guard let recording, recording.records.count == count, recording.warnings.isEmpty else {
                fatalError("ActionRecording did not read the \(count) records of \(path)")
            }
            blackHole(recording.records.count)
            return sample
        }
    }

    /// The same file read in 64 KiB chunks with `read(2)`, as `ActionRecording` reads it, and
    /// split into lines by hand: each line's bytes summed, the lines counted.
    static func splitLines(_ count: Int) -> Sample {
        withRecording(count) { path in
            var lines = 0
            var sum = 0
            let sample = measure {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                buffer.withUnsafeMutableBytes { chunk in
                    while true {
                        let filled = read(descriptor, chunk.baseAddress, chunk.count)
                        if filled <= 0 { return }
                        for byte in chunk[..<filled] {
                            if byte == UInt8(ascii: "\n") {
                                lines &+= 1
                            } else {
                                sum &+= Int(byte)
                            }
                        }
                    }
                }
            }
            guard lines == count else { fatalError("split \(lines) lines, not \(count), in \(path)") }
            blackHole(sum)
            return sample
        }
    }
}
