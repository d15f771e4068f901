import AqueductPersistence
import Foundation
import Synchronization
import Testing

/// A process killed with SIGKILL while it writes leaves the old value or the new one, whole.
@Suite(.timeLimit(.minutes(5)))
struct CrashTests {
    /// How many processes are killed: each writes values in a loop until another of its
    /// threads kills it, a little later each round.
    static let rounds = 30

    /// The writes a child process has begun: what its killer thread waits for.
    static let begun = Atomic<Int>(0)

    /// The value written `number`th: large enough that a write takes many system calls, and
    /// checkable: its theme repeats its number's letter.
    static func value(_ number: Int) -> Settings {
        let letter = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(number % 26)))
        return Settings(checkInMinutes: number, contact: "\(number)", theme: String(repeating: letter, count: 300_000))
    }

    static func isWhole(_ settings: Settings) -> Bool {
        settings == value(settings.checkInMinutes)
    }

    @Test func killedWriterLeavesTheOldValueOrTheNewOneNeverATornFile() async throws {
        try await withDirectory { directory in
            let storage = FileStorage(directory: directory)
            try storage.write(envelope(Self.value(0)), key: "settings")
            var changed = 0
            var last = 0
            for round in 0..<Self.rounds {
                // The kill comes once the first, second or third write has begun, 0 to 20 ms
                // later: before the rename, during it, or after.
                let writes = 1 + round % 3
                let delay = UInt32((round * 7_919) % 20_000) + UInt32.random(in: 0..<500)
                await #expect(processExitsWith: .signal(SIGKILL)) {
                    [directory = directory as String, writes = writes as Int, delay = delay as UInt32] in
                    let storage = FileStorage(directory: directory)
                    let stored = try storedSettings(storage.read(key: "settings"))?.checkInMinutes ?? 0
                    let killer = Thread {
                        while CrashTests.begun.load(ordering: .acquiring) < writes { usleep(50) }
                        usleep(delay)
                        kill(getpid(), SIGKILL)
                    }
                    killer.start()
                    var number = stored
                    while true {
                        number += 1
                        let data = try envelope(CrashTests.value(number))
                        CrashTests.begun.add(1, ordering: .releasing)
                        try storage.write(data, key: "settings")
                    }
                }
                let data = try #require(try storage.read(key: "settings"), "round \(round): no file")
                let settings = try #require(try? storedSettings(data), "round \(round): the file is torn")
                #expect(Self.isWhole(settings), "round \(round): the value \(settings.checkInMinutes) is not whole")
                #expect(settings.checkInMinutes >= last, "round \(round): an older value came back")
                if settings.checkInMinutes > last { changed += 1 }
                last = settings.checkInMinutes
                // The killed process's temporary file is removed by the read above.
                let litter = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                    $0.hasSuffix(".tmp")
                }
                #expect(litter.isEmpty, "round \(round): \(litter) left behind")
            }
            // The kills came while values were being written, not only before the first.
            #expect(changed >= Self.rounds / 2, "only \(changed) of \(Self.rounds) rounds wrote a value")
        }
    }
}
