import ExampleTestSupport
import Foundation
import Testing

/// Credentials in the functions URL — a user and password, an API key in the query — appear
/// nowhere LifeSignal prints or logs the URL.
@Suite struct RedactionTests {
    @Test func credentialsInTheFunctionsURLAreNeitherPrintedNorLogged() async throws {
        let directory = try TemporaryDirectory()
        let port = unusedLoopbackPort()
        let url = "http://ada:pa55word@127.0.0.1:\(port)/functions/v1?apikey=s3cr3t-key"
        let app = try ChildProcess.lifeSignal(
            arguments: [
                "--data-dir", directory.path("data"), "--network", "none", "--functions-url", url, "--token", "t",
            ]
        )

        try await app.waitForOutput("Type 'help' for the commands.")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        #expect(app.output.contains("cloud functions at http://***@127.0.0.1:\(port)/functions/v1?apikey=***,"))
        let log = try String(contentsOfFile: directory.path("data/lifesignal.log"), encoding: .utf8)
        for secret in ["pa55word", "s3cr3t-key", "ada:"] {
            #expect(!app.output.contains(secret))
            #expect(!app.errorOutput.contains(secret))
            #expect(!log.contains(secret))
        }
    }

    @Test func aBadFunctionsURLIsQuotedWithoutItsCredentials() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--functions-url", "ftp://ada:pa55word@host/x?key=k"]
        )

        #expect(try await app.waitForExit().status == 64)
        #expect(
            app.errorOutput.hasPrefix("LifeSignal: the functions URL 'ftp://***@host/x?key=***' is not an http(s) URL")
        )
        #expect(!app.errorOutput.contains("pa55word"))
    }
}
