#if os(Linux)
import Glibc
import Netlink
import ReachabilityClient

/// The reader loop of one ``NetlinkPathMonitor`` stream, over a ``NetlinkSocket`` (the platform
/// client). Confined to its dedicated thread: created there, used there, never shared, so it
/// needs no locks.
///
/// The loop waits on the socket and the ``WakeSignal``; it sends the dumps one at a time (the
/// kernel allows one dump per socket), applies every reply and live event to the
/// ``NetlinkInterfaceTable``, and yields a path when the table is consistent (initial dumps done,
/// no dump in flight) and the path differs from the last one yielded. It closes the socket and
/// finishes the stream on its way out.
final class NetlinkPathReader {
    private let socket: NetlinkSocket
    private let wake: WakeSignal
    private let continuation: AsyncStream<NetworkPath>.Continuation
    private let policy: NetlinkPathPolicy
    private let diagnostics: @Sendable (String) -> Void
    private var table: NetlinkInterfaceTable
    private var sequence: UInt32 = 0
    private var pendingDumps: [NetlinkRequest.Dump] = [.links, .addresses, .routes]
    private var activeDump: (dump: NetlinkRequest.Dump, sequence: UInt32, interrupted: Bool)?
    private var isReady = false
    private var lastPath: NetworkPath?

    init(
        socket: NetlinkSocket,
        wake: WakeSignal,
        continuation: AsyncStream<NetworkPath>.Continuation,
        configuration: NetlinkPathMonitor.Configuration
    ) {
        self.socket = socket
        self.wake = wake
        self.continuation = continuation
        self.policy = configuration.policy
        self.diagnostics = configuration.diagnostics
        let classifier = SysfsInterfaceClassifier(root: configuration.sysfsRoot)
        self.table = NetlinkInterfaceTable(classify: classifier.classify)
    }

    func run() {
        defer {
            socket.close()
            wake.close()
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard startNextDumpIfIdle() else { return }
            switch socket.waitForInput(orWake: wake) {
            case .interrupted:
                continue
            case .woken:
                return  // the consumer stopped
            case .failed(let code):
                diagnostics("poll failed with errno \(code); monitoring stops")
                return
            case .readable:
                guard receive(into: &buffer) else { return }
            }
        }
    }

    /// Receives one datagram and applies it; `false` when monitoring cannot go on.
    private func receive(into buffer: inout [UInt8]) -> Bool {
        switch socket.receive(into: &buffer) {
        case .nothing:
            return true
        case .overrun:
            diagnostics("receive buffer overrun: events were lost; dumping the tables again")
            resynchronise()
            return true
        case .truncated(let length):
            diagnostics("a \(length)-byte datagram did not fit the buffer; dumping the tables again")
            resynchronise()
            return true
        case .failed(let code):
            diagnostics("recvfrom failed with errno \(code); monitoring stops")
            return false
        case .messages(let results):
            for result in results {
                switch result {
                case .success(let message):
                    handle(message)
                case .failure(.unsupportedFamily):
                    continue  // bridge ports, multicast routes: not ours to model
                case .failure(let error):
                    diagnostics("skipped a malformed message: \(error)")
                }
            }
            emitIfChanged()
            return true
        }
    }

    /// Forgets the dump in flight and queues a fresh dump of everything (after lost or cut data).
    private func resynchronise() {
        activeDump = nil
        table.endSync(sweep: false)
        pendingDumps = [.links, .addresses, .routes]
    }

    private func handle(_ message: NetlinkMessage) {
        if let active = activeDump, message.sequence == active.sequence {
            if message.flags & NetlinkConstants.NLM_F_DUMP_INTR != 0 {
                activeDump?.interrupted = true
            }
            switch message.payload {
            case .done:
                finishDump(succeeded: true)
                return
            case .error(let code):
                diagnostics("dump of \(active.dump) failed with errno \(code)")
                finishDump(succeeded: false)
                // EBUSY: an earlier dump (cut short by ENOBUFS) is still running; ask again once it is done.
                if code == EBUSY, !pendingDumps.contains(active.dump) {
                    pendingDumps.insert(active.dump, at: 0)
                }
                return
            default:
                break
            }
        }
        if table.apply(message), !pendingDumps.contains(.routes) {
            pendingDumps.append(.routes)
        }
    }

    private func finishDump(succeeded: Bool) {
        guard let active = activeDump else { return }
        activeDump = nil
        table.endSync(sweep: succeeded && !active.interrupted)
        if active.interrupted, !pendingDumps.contains(active.dump) {
            pendingDumps.append(active.dump)  // the kernel says the dump was inconsistent: do it again
        }
        if pendingDumps.isEmpty { isReady = true }
    }

    /// Sends the next queued dump request if none is in flight; `false` when the socket refuses it.
    private func startNextDumpIfIdle() -> Bool {
        guard activeDump == nil, !pendingDumps.isEmpty else { return true }
        let dump = pendingDumps.removeFirst()
        sequence &+= 1
        do {
            try socket.send(NetlinkRequest.dump(dump, sequence: sequence))
        } catch {
            diagnostics("sending the \(dump) dump request failed: \(error); monitoring stops")
            return false
        }
        activeDump = (dump, sequence, false)
        table.beginSync(dump)
        return true
    }

    private func emitIfChanged() {
        guard isReady, activeDump == nil, pendingDumps.isEmpty else { return }
        let path = table.path(policy: policy)
        guard path != lastPath else { return }
        lastPath = path
        continuation.yield(path)
    }
}
#endif
