#if os(Linux)
import CNetlink
import Glibc

/// The reader loop of one ``NetlinkPathMonitor`` stream. Confined to its dedicated thread: created there, used
/// there, never shared, so it needs no locks.
///
/// The loop polls the netlink socket and the ``WakeSignal``; it sends the dumps one at a time (the kernel allows one
/// dump per socket), applies every reply and live event to the ``NetlinkInterfaceTable``, and yields a path when the
/// table is consistent (initial dumps done, no dump in flight) and the path differs from the last one yielded. It
/// closes the socket and finishes the stream on its way out.
final class NetlinkSession {
    private let socket: Int32
    private let wake: WakeSignal
    private let continuation: AsyncStream<NetworkPath>.Continuation
    private let policy: NetlinkPathPolicy
    private let diagnostics: @Sendable (String) -> Void
    private let parser = NetlinkMessageParser()
    private var table: NetlinkInterfaceTable
    private var sequence: UInt32 = 0
    private var pendingDumps: [NetlinkRequest.Dump] = [.links, .addresses, .routes]
    private var activeDump: (dump: NetlinkRequest.Dump, sequence: UInt32, interrupted: Bool)?
    private var isReady = false
    private var lastPath: NetworkPath?

    init(
        socket: Int32,
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
            _ = close(socket)
            wake.close()
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard startNextDumpIfIdle() else { return }
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                diagnostics("poll failed with errno \(errno); monitoring stops")
                return
            }
            if descriptors[1].revents != 0 { return }  // the consumer stopped
            guard descriptors[0].revents != 0 else { continue }
            guard receive(into: &buffer) else { return }
        }
    }

    /// Receives one datagram and applies it; `false` when monitoring cannot go on.
    private func receive(into buffer: inout [UInt8]) -> Bool {
        var sender = sockaddr_nl()
        var senderLength = socklen_t(MemoryLayout<sockaddr_nl>.size)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &sender) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    // MSG_TRUNC: return the datagram's real length, so a cut one is noticed.
                    recvfrom(
                        socket,
                        bytes.baseAddress,
                        bytes.count,
                        Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC),
                        $0,
                        &senderLength
                    )
                }
            }
        }
        if count < 0 {
            switch errno {
            case EINTR, EAGAIN:
                return true
            case ENOBUFS:
                diagnostics("receive buffer overrun: events were lost; dumping the tables again")
                resynchronise()
                return true
            default:
                diagnostics("recvfrom failed with errno \(errno); monitoring stops")
                return false
            }
        }
        guard sender.nl_pid == 0 else { return true }  // only the kernel speaks rtnetlink to us
        guard count <= buffer.count else {
            diagnostics("a \(count)-byte datagram did not fit the buffer; dumping the tables again")
            resynchronise()
            return true
        }
        let results = buffer.withUnsafeBytes { parser.parseMessages(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
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
        let request = NetlinkRequest.dump(dump, sequence: sequence)
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = request.withUnsafeBytes { bytes in
            withUnsafePointer(to: &kernel) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socket, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        guard sent == request.count else {
            diagnostics("sending the \(dump) dump request failed with errno \(errno); monitoring stops")
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
