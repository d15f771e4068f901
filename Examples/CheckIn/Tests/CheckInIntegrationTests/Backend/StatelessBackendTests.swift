import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// Several reference backend processes over one database answer as one: a check-in is stored
/// once whichever processes receive it, one alert is active however many processes are asked to
/// trigger one, and what one process wrote, every other reads. Nothing a process keeps in memory
/// decides an answer — the database's unique keys and transactions do.
///
/// Each race runs several rounds: the requests of a round reach the processes together.
@Suite("Reference backend: stateless processes over one database", .serialized, .timeLimit(.minutes(5)))
struct StatelessBackendTests {
    private static let processCount = 4
    private static let rounds = 8
    private static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// Runs `body` with a client for each of `processCount` backends over a new database of
    /// `storage`; stops them and removes the database afterwards.
    private static func withBackends(
        _ storage: BackendStorage,
        _ body: ([CheckInClient]) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        let group = try await BackendProcessGroup.start(processCount, database: database.argument, in: directory)
        defer {
            group.stop()
            database.remove()
            directory.remove()
        }
        try await body(group.clients())
    }

    /// Runs `call` on every client at once.
    private static func together<T: Sendable>(
        _ clients: [CheckInClient],
        _ call: @escaping @Sendable (Int, CheckInClient) async throws(CheckInError) -> T
    ) async -> [Result<T, CheckInError>] {
        await withTaskGroup(of: Result<T, CheckInError>.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    do throws(CheckInError) {
                        return .success(try await call(index, client))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test(arguments: BackendStorage.available)
    func aCheckInSentToEveryProcessAtOnceIsStoredOnce(storage: BackendStorage) async throws {
        try await Self.withBackends(storage) { clients in
            var stored: [CheckIn] = []
            for round in 0..<Self.rounds {
                let key = UUID()
                let day = Self.date.addingTimeInterval(Double(round) * 86_400)
                // The same key with a different date from each process: one record wins, every
                // process answers with it.
                let replies = await Self.together(clients) { index, client throws(CheckInError) in
                    try await client.checkIn(at: day.addingTimeInterval(Double(index) * 60), idempotencyKey: key)
                }
                let records = try replies.map { try $0.get() }
                let first = try #require(records.first)
                #expect(records.allSatisfy { $0 == first }, "round \(round): \(records)")
                #expect(first.id == key)
                stored.append(first)
            }

            for (index, client) in clients.enumerated() {
                let history = try await client.history(limit: 1000)
                #expect(history == stored.reversed(), "process \(index)")
            }
        }
    }

    @Test(arguments: BackendStorage.available)
    func ofTriggersSentToEveryProcessAtOnceOneSucceedsAndOfCancelsOneCancels(storage: BackendStorage) async throws {
        try await Self.withBackends(storage) { clients in
            for round in 0..<Self.rounds {
                let triggers = await Self.together(clients) { _, client throws(CheckInError) in
                    try await client.triggerAlert()
                }
                let triggered = triggers.compactMap { try? $0.get() }
                #expect(triggered.count == 1, "round \(round): \(triggers)")
                #expect(triggers.compactMap(\.failure) == Array(repeating: .alreadyActive, count: clients.count - 1))
                let alert = try #require(triggered.first)
                for client in clients {
                    #expect(try await client.activeAlert() == alert, "round \(round)")
                }

                let cancels = await Self.together(clients) { _, client throws(CheckInError) in
                    try await client.cancelAlert(id: alert.id)
                }
                #expect(cancels.compactMap { try? $0.get() }.count == 1, "round \(round): \(cancels)")
                #expect(cancels.compactMap(\.failure) == Array(repeating: .notActive, count: clients.count - 1))
                for client in clients {
                    #expect(try await client.activeAlert() == nil, "round \(round)")
                }
            }
        }
    }

    @Test(arguments: BackendStorage.available)
    func whatOneProcessWroteEveryProcessReads(storage: BackendStorage) async throws {
        try await Self.withBackends(storage) { clients in
            var written: [CheckIn] = []
            for round in 0..<Self.rounds {
                let writer = clients[round % clients.count]
                written.insert(try await writer.checkIn(at: Self.date.addingTimeInterval(Double(round) * 60)), at: 0)
                for (index, reader) in clients.enumerated() {
                    #expect(try await reader.history(limit: 1000) == written, "round \(round), process \(index)")
                }
            }
            let alert = try await clients[0].triggerAlert()
            for client in clients {
                #expect(try await client.activeAlert() == alert)
            }
            _ = try await clients[1].cancelAlert(id: alert.id)
            for client in clients {
                #expect(try await client.activeAlert() == nil)
            }
        }
    }
}

extension Result {
    /// The error of a failure, `nil` for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
