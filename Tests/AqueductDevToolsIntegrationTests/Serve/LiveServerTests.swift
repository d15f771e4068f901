import AqueductDevToolsTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real `serve` on the loopback interface, asked by a client that writes every byte of its
/// requests: what it answers, what it refuses, and how it stops.
@Suite(.blocksItsThread) struct LiveServerTests {
    @Test func aRequestWithoutTheTokenOrWithAWrongOneIsRefused() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            let missing = try server.get("/")
            #expect(missing.status == 403)
            #expect(missing.body.contains("token"))
            #expect(!missing.body.contains("<html"))
            let wrong = String(server.token.reversed())
            #expect(try server.get("/?token=\(wrong)").status == 403)
            #expect(try server.get("/?token=\(server.token.dropLast())").status == 403)
            #expect(try server.get("/events?token=\(wrong)").status == 403)
            let page = try server.get("/?token=\(server.token)")
            #expect(page.status == 200)
            #expect(page.body.hasPrefix("<!DOCTYPE html>"))
            #expect(page.head.contains("Content-Security-Policy: default-src 'none';"))
            #expect(try server.stop() == 0)
        }
    }

    @Test(arguments: ["evil.example:PORT", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:PORT", "0.0.0.0:PORT"])
    func aForeignHostIsRefused(host: String) throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            let host = host.replacingOccurrences(of: "PORT", with: "\(server.port)")
            let answer = try server.get("/?token=\(server.token)", fields: ["Host: \(host)"])
            #expect(answer.status == 421, "Host: \(host)")
            #expect(!answer.body.contains("<html"))
            #expect(try server.stop() == 0)
        }
    }

    @Test func everyLoopbackNameOfTheServerIsItsOwnHost() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            for host in ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"] {
                let answer = try server.get("/?token=\(server.token)", fields: ["Host: \(host):\(server.port)"])
                #expect(answer.status == 200, "Host: \(host)")
            }
            #expect(try server.get("/?token=\(server.token)", fields: ["Host: a", "Host: b"]).status == 400)
            #expect(try server.stop() == 0)
        }
    }

    @Test func aForeignOriginIsRefusedAndTheServersOwnIsServed() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            for origin in [
                "http://evil.example", "null", "http://localhost:\(server.port)", "https://127.0.0.1:\(server.port)",
            ] {
                let answer = try server.get("/events?token=\(server.token)", fields: ["Origin: \(origin)"])
                #expect(answer.status == 403, "Origin: \(origin)")
                #expect(!answer.body.contains("event:"))
            }
            let own = try server.get("/?token=\(server.token)", fields: ["Origin: http://127.0.0.1:\(server.port)"])
            #expect(own.status == 200)
            #expect(try server.stop() == 0)
        }
    }

    @Test func anUnknownPathIsNotFoundAndOnlyGetIsServed() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            for path in ["/report.html", "/events/", "/../lifesignal-session.jsonl", "/favicon.ico"] {
                #expect(try server.get("\(path)?token=\(server.token)").status == 404, "\(path)")
            }
            let post = "POST /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"
            #expect(try server.exchange(Array(post.utf8)).status == 405)
            #expect(try server.exchange(Array("hello\r\n\r\n".utf8)).status == 400)
            #expect(try server.stop() == 0)
        }
    }

    @Test func aTenMegabyteHeaderLineIsRefusedAndItsConnectionClosed() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            let head = "GET /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Big: "
            let request =
                Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20) + Array("\r\n\r\n".utf8)
            let answer = try server.exchange(request)  // read to the end: the server closed it
            #expect(answer.status == 431)
            #expect(!answer.body.contains("<html"))
            // The server goes on serving.
            #expect(try server.get("/?token=\(server.token)").status == 200)
            #expect(try server.stop() == 0)
        }
    }

    @Test func aPortInUseIsUnavailableAndAMissingFolderCannotBeServed() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            let taken = try DevToolsProcess.run(
                ["serve", ReportFixtures.session.path, "--port", "\(server.port)"],
                in: directory
            )
            #expect(taken.ending == .exited(69))
            #expect(taken.errors.contains("Cannot listen on 127.0.0.1:\(server.port)"), "\(taken.errors)")
            let missing = try DevToolsProcess.run(
                ["serve", directory.appendingPathComponent("no/such/folder.jsonl").path],
                in: directory
            )
            #expect(missing.ending == .exited(66))
            #expect(try server.stop() == 0)
        }
    }

    @Test func theLoopbackAddressOfIPv6IsServedToo() throws {
        try ReportFixtures.withDirectory { directory in
            let server = try ServeProcess(recording: ReportFixtures.session, in: directory)
            defer { _ = try? server.stop() }
            // A machine without IPv6 has 127.0.0.1 alone, and the tool says so by printing one URL.
            guard server.servesIPv6 else { return }
            #expect(try server.get("/?token=\(server.token)", ipv6: true).status == 200)
            #expect(
                try server.get("/?token=\(server.token)", fields: ["Host: evil.example:\(server.port)"], ipv6: true)
                    .status == 421
            )
        }
    }

    @Test func theEventStreamSendsTheRecordingThenWhatIsAppended() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            try ReportFixtures.write(Array(ReportFixtures.chainedRecords(count: 3)), to: file)
            let server = try ServeProcess(recording: file, in: directory)
            var seen = try server.readEvents { $0.contains("event: caught-up") }
            #expect(seen.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(seen.contains("Content-Type: text/event-stream"))
            #expect(seen.components(separatedBy: "event: record\n").count - 1 == 3)
            #expect(
                seen.contains(
                    #"event: session"# + "\n" + #"data: {"text":"Session 1 · started before any session header"}"#
                )
            )
            let later = ReportFixtures.chainedRecords(count: 5)[3...]
            try ServeProcess.append(later.map { try $0.jsonLine() + "\n" }.joined(), to: file)
            seen = try server.readEvents { $0.contains(#""seq":4,"#) }
            #expect(seen.components(separatedBy: "event: record\n").count - 1 == 5)
            #expect(try server.stop(with: SIGINT) == 0)
        }
    }
}
