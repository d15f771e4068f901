import AqueductRecording
import Foundation

/// A recording of a made-up LifeSignal session, as large as asked: outside actions (clock
/// ticks, check-ins, network changes, the app becoming active) each followed by what they set
/// off — bridged actions, actions sent by effects, actions dispatched during them — with state
/// diffs that grow a history, so the report meets the shapes and the string variety of a real
/// recording. Deterministic: the same count gives the same file.
package struct SyntheticSession {
    private var random = SplitMix64(seed: 17)
    private var records: [ActionRecord] = []
    private var time = Date(timeIntervalSince1970: 1_795_461_676)
    private var historyCount = 0
    private var isConnected = true
    private var pending = 0

    /// The records of a session of `count` actions.
    package static func records(count: Int) -> [ActionRecord] {
        var session = SyntheticSession()
        while session.records.count < count { session.outsideAction() }
        return Array(session.records.prefix(count))
    }

    /// The recording file's text for a session of `count` actions: one JSON line a record, as a
    /// recorder with no session header writes them.
    package static func jsonLines(count: Int) throws -> [UInt8] {
        var text = ""
        for record in records(count: count) { text += try record.jsonLine() + "\n" }
        return Array(text.utf8)
    }

    private mutating func outsideAction() {
        time += Double(random.next(upTo: 400) + 1) / 1_000
        switch random.next(upTo: 100) {
        case 0..<70:
            let now = Int(time.timeIntervalSince1970)
            record(
                "checkIn(CheckInAction.tick(now: \(now)))",
                value: .object(["checkIn": .object(["tick": .object(["now": .integer(Int64(now))])])]),
                source: ("CheckIn/CheckInMiddleware.swift", "start(_:)", 88, []),
                changes: [("clock.now", "\(now - 1)", "\(now)")]
            )
        case 70..<85:
            checkIn()
        case 85..<95:
            networkChange()
        default:
            becameActive()
        }
    }

    private mutating func checkIn() {
        let cause = record(
            "checkIn(CheckInAction.checkIn)",
            value: .object(["checkIn": .object(["_0": .string("checkIn")])]),
            source: ("LifeSignal/Terminal/CommandReader.swift", "handle(_:)", 41, []),
            changes: [("checkIn.isCheckingIn", "false", "true")]
        )
        time += Double(random.next(upTo: 40) + 2) / 1_000
        let id = historyCount
        historyCount += 1
        pending += 1
        let entry = "CheckIn(id: \(id), date: \(Int(time.timeIntervalSince1970)))"
        let checkedIn = record(
            "checkIn(CheckInAction.checkedIn(\(entry)))",
            cause: .init(seq: cause, kind: .sentByEffect),
            source: (
                "LifeSignal/Terminal/CommandReader.swift", "handle(_:)", 41,
                ["Sent by an effect of checkIn(CheckInAction.checkIn)"]
            ),
            changes: [
                ("checkIn.isCheckingIn", "true", "false"),
                ("checkIn.lastCheckIn", id == 0 ? "nil" : "CheckIn(id: \(id - 1))", entry),
                ("checkIn.history.count", "\(id)", "\(id + 1)"),
                ("checkIn.history[\(id)]", nil, entry),
                ("checkIn.pendingSync", "\(pending - 1)", "\(pending)"),
            ]
        )
        record(
            "terminal(TerminalAction.show(\"Checked in.\"))",
            cause: .init(seq: checkedIn, kind: .dispatchedDuring),
            source: ("LifeSignal/Terminal/TerminalReporter.swift", "handle(action:from:state:)", 57, []),
            changes: []
        )
        if isConnected { sync(after: checkedIn, bridgeLine: 33, from: "checkIn(CheckInAction.checkedIn(…))") }
    }

    private mutating func networkChange() {
        isConnected.toggle()
        let event = isConnected ? "connectedToWired" : "disconnected"
        let change =
            isConnected
            ? ("reachability.status", "NetworkStatus.offline", "NetworkStatus.wired")
            : ("reachability.status", "NetworkStatus.wired", "NetworkStatus.offline")
        let cause = record(
            "reachability(ReachabilityEvent.\(event))",
            value: .object(["reachability": .object(["_0": .string(event)])]),
            source: ("Reachability/ReachabilityMiddleware.swift", "start(_:)", 62, []),
            changes: [change]
        )
        if isConnected && pending > 0 {
            sync(after: cause, bridgeLine: 27, from: "reachability(ReachabilityEvent.connectedToWired)")
        }
    }

    private mutating func becameActive() {
        let cause = record(
            "lifecycle(AppLifecycleAction.didBecomeActive)",
            value: .object(["lifecycle": .object(["_0": .string("didBecomeActive")])]),
            source: ("Lifecycle/AppLifecycleMiddleware.swift", "start(_:)", 44, []),
            changes: [("lifecycle.phase", "Phase.background", "Phase.active")]
        )
        let bridge =
            "Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at LifeSignalBridges.swift, lifeSignalBridges"
        record(
            "reachability(ReachabilityEvent.startMonitoring)",
            cause: .init(seq: cause, kind: .bridgedFrom),
            source: ("Lifecycle/AppLifecycleMiddleware.swift", "start(_:)", 44, [bridge + ":20"]),
            changes: [("reachability.isMonitoring", "false", "true")]
        )
        let refresh = record(
            "checkIn(CheckInAction.refresh)",
            cause: .init(seq: cause, kind: .bridgedFrom),
            source: ("Lifecycle/AppLifecycleMiddleware.swift", "start(_:)", 44, [bridge + ":21"]),
            changes: [("checkIn.isRefreshing", "false", "true")]
        )
        time += Double(random.next(upTo: 20) + 1) / 1_000
        record(
            "checkIn(CheckInAction.refreshed(count: \(historyCount)))",
            cause: .init(seq: refresh, kind: .sentByEffect),
            source: (
                "Lifecycle/AppLifecycleMiddleware.swift", "start(_:)", 44,
                [
                    bridge + ":21", "Sent by an effect of checkIn(CheckInAction.refresh)",
                ]
            ),
            changes: [("checkIn.isRefreshing", "true", "false")]
        )
    }

    private mutating func sync(after cause: Int, bridgeLine: Int, from description: String) {
        let bridge = "Bridged from \(description) at LifeSignalBridges.swift, lifeSignalBridges:\(bridgeLine)"
        let source = records[cause].source
        let sync = record(
            "checkIn(CheckInAction.sync)",
            cause: .init(seq: cause, kind: .bridgedFrom),
            source: (source.file, source.function, Int(source.line), source.info + [bridge]),
            changes: [("checkIn.isSyncing", "false", "true")]
        )
        time += Double(random.next(upTo: 120) + 5) / 1_000
        let synced = pending
        pending = 0
        record(
            "checkIn(CheckInAction.synced(count: \(synced)))",
            cause: .init(seq: sync, kind: .sentByEffect),
            source: (
                source.file, source.function, Int(source.line),
                source.info + [bridge, "Sent by an effect of checkIn(CheckInAction.sync)"]
            ),
            changes: [("checkIn.isSyncing", "true", "false"), ("checkIn.pendingSync", "\(synced)", "0")]
        )
    }

    @discardableResult
    private mutating func record(
        _ description: String,
        value: JSONValue? = nil,
        cause: ActionRecord.Cause? = nil,
        source: (file: String, function: String, line: Int, info: [String]),
        changes: [(path: String, before: String?, after: String?)]
    ) -> Int {
        let seq = records.count
        time += Double(random.next(upTo: 80) + 5) / 1_000_000
        records.append(
            ActionRecord(
                seq: seq,
                cause: cause,
                action: ActionRecord.Action(description: description, value: value),
                source: ActionRecord.Source(
                    file: source.file,
                    function: source.function,
                    line: UInt(source.line),
                    info: source.info
                ),
                changes: changes.map { ActionRecord.Change(path: $0.path, before: $0.before, after: $0.after) },
                time: time,
                durationNanoseconds: UInt64(random.next(upTo: 90_000) + 2_000)
            )
        )
        return seq
    }
}

/// A small, fast, seeded generator: the same seed gives the same session.
package struct SplitMix64 {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
