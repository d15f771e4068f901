import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The behaviour every ``CheckInClient`` adapter must share: same results, same domain errors.
@Suite("CheckInClient contract")
struct CheckInClientContractTests {
    /// Whole seconds, so every adapter (millisecond storage) returns exactly the same date.
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: Adapter.allCases)
    func checkInReturnsTheRecord(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let key = UUID()

        let checkIn = try await fixture.client.checkIn(at: Self.start, idempotencyKey: key)

        #expect(checkIn == CheckIn(id: key, date: Self.start))
        #expect(try await fixture.client.history(limit: 10) == [checkIn])
    }

    @Test(arguments: Adapter.allCases)
    func repeatedIdempotencyKeyReturnsTheFirstRecordWithoutDuplicate(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let key = UUID()

        let first = try await fixture.client.checkIn(at: Self.start, idempotencyKey: key)
        let repeated = try await fixture.client.checkIn(at: Self.start.addingTimeInterval(60), idempotencyKey: key)

        #expect(repeated == first)
        #expect(try await fixture.client.history(limit: 10) == [first])
    }

    @Test(arguments: Adapter.allCases)
    func historyIsNewestFirstAndLimited(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let oldest = try await fixture.client.checkIn(at: Self.start)
        let newest = try await fixture.client.checkIn(at: Self.start.addingTimeInterval(7_200))
        let middle = try await fixture.client.checkIn(at: Self.start.addingTimeInterval(3_600))

        #expect(try await fixture.client.history(limit: 10) == [newest, middle, oldest])
        #expect(try await fixture.client.history(limit: 2) == [newest, middle])
        #expect(try await fixture.client.history(limit: 1) == [newest])
    }

    @Test(arguments: Adapter.allCases)
    func historyOfANewBackendIsEmpty(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }

        #expect(try await fixture.client.history(limit: CheckInClient.historyLimitRange.upperBound).isEmpty)
    }

    @Test(arguments: Adapter.allCases)
    func historyLimitOutOfRangeIsInvalidInput(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }

        for limit in [0, -1, CheckInClient.historyLimitRange.upperBound + 1] {
            let error = await thrownError { () async throws(CheckInError) in
                try await fixture.client.history(limit: limit)
            }
            #expect(error?.kind == "invalidInput", "limit \(limit)")
        }
    }

    @Test(arguments: Adapter.allCases)
    func triggeredAlertIsActive(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        #expect(try await fixture.client.activeAlert() == nil)

        let alert = try await fixture.client.triggerAlert()

        #expect(alert.state == .active)
        #expect(alert.cancelledAt == nil)
        #expect(try await fixture.client.activeAlert() == alert)
    }

    @Test(arguments: Adapter.allCases)
    func triggeringTwiceIsAlreadyActive(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let alert = try await fixture.client.triggerAlert()

        let error = await thrownError { () async throws(CheckInError) in try await fixture.client.triggerAlert() }

        #expect(error == .alreadyActive)
        #expect(try await fixture.client.activeAlert() == alert)
    }

    @Test(arguments: Adapter.allCases)
    func cancellingTheActiveAlertEndsIt(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let alert = try await fixture.client.triggerAlert()

        let cancelled = try await fixture.client.cancelAlert(id: alert.id)

        #expect(cancelled.id == alert.id)
        #expect(cancelled.state == .cancelled)
        #expect(cancelled.cancelledAt != nil)
        #expect(try await fixture.client.activeAlert() == nil)
        let next = try await fixture.client.triggerAlert()
        #expect(next.id != alert.id)
    }

    @Test(arguments: Adapter.allCases)
    func cancellingAnAlertThatIsNoLongerActiveIsNotActive(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        let alert = try await fixture.client.triggerAlert()
        _ = try await fixture.client.cancelAlert(id: alert.id)

        let error = await thrownError { () async throws(CheckInError) in
            try await fixture.client.cancelAlert(id: alert.id)
        }

        #expect(error == .notActive)
    }

    @Test(arguments: Adapter.allCases)
    func cancellingAnUnknownAlertIsNotFound(adapter: Adapter) async throws {
        let fixture = try await adapter.makeFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.client.triggerAlert()

        let error = await thrownError { () async throws(CheckInError) in
            try await fixture.client.cancelAlert(id: UUID())
        }

        #expect(error == .notFound)
    }
}
