import Aqueduct
import AqueductRecording
import Foundation

/// The recordings and folders the DevTools tests share, the unit tests
/// (`AqueductDevToolsTests`) and the integration tests (`AqueductDevToolsIntegrationTests`).
/// Running the command is each target's own: it needs `@testable import AqueductDevTools`.
package enum ReportFixtures {
    /// A LifeSignal session written by hand: the app becoming active and the two actions
    /// bridged from it (one sets off an effect), a network change, a check-in whose effect's
    /// action is bridged to a sync and dispatches a terminal line during its processing, a note
    /// whose text is an attack on the page, an alert, and a torn last line.
    package static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lifesignal-session.jsonl")

    /// A folder of the test's own, removed when `body` returns.
    package static func withDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("AqueductDevToolsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// `count` records: an outside action every tenth, each followed by nine it set off in a
    /// chain (bridged, sent by effect, dispatched during, in turn).
    package static func chainedRecords(count: Int) -> [ActionRecord] {
        let kinds: [ActionRecord.CauseKind] = [.bridgedFrom, .sentByEffect, .dispatchedDuring]
        var records: [ActionRecord] = []
        for seq in 0..<count {
            let cause: ActionRecord.Cause? =
                seq % 10 == 0 ? nil : ActionRecord.Cause(seq: seq - 1, kind: kinds[seq % 3])
            let time = Date(timeIntervalSince1970: 1_795_461_676 + Double(seq) / 100)
            records.append(
                ActionRecord(
                    seq: seq,
                    cause: cause,
                    action: ActionRecord.Action(description: "step(\(seq))", value: .integer(Int64(seq))),
                    source: ActionRecord.Source(file: "Game/Steps.swift", function: "step()", line: UInt(seq % 100)),
                    changes: [ActionRecord.Change(path: "steps", before: "\(seq)", after: "\(seq + 1)")],
                    time: time,
                    durationNanoseconds: 1_000
                )
            )
        }
        return records
    }

    package static func write(_ records: [ActionRecord], to file: URL) throws {
        try Data(records.map { try $0.jsonLine() + "\n" }.joined().utf8).write(to: file)
    }
}
