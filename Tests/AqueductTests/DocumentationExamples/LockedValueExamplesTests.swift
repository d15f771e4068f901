import Aqueduct
import Testing

// The examples of LockedValue's doc comments, compiled and run here.

/// The type of `LockedValue`'s example: progress that transfers report from their threads.
final class Downloads: Sendable {
    private let progress = LockedValue<[String: Double]>([:])

    func update(_ name: String, to fraction: Double) {  // from a transfer's thread
        progress.withLock { $0[name] = fraction }
    }

    var finished: [String] {  // from anywhere
        progress.withLock { progress in progress.filter { $0.value == 1 }.map(\.key) }
    }
}

extension DocumentationExamples {
    @Suite struct LockedValueExamplesTests {
        @Test func progressReportedFromManyTasksIsReadWhole() async {
            let downloads = Downloads()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask { downloads.update("file \(index)", to: index.isMultiple(of: 2) ? 1 : 0.5) }
                }
            }
            #expect(downloads.finished.sorted() == ["file 0", "file 2", "file 4", "file 6"])
        }

        @Test func withLockChangesAndReadsTheValue() {
            let hits = LockedValue(0)
            hits.withLock { $0 += 1 }
            let count = hits.withLock { $0 }
            #expect(count == 1)
        }
    }
}
