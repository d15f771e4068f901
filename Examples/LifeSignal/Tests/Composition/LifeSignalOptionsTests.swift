import Foundation
import LifeSignalApp
import Testing

/// The command line and the environment.
@Suite struct LifeSignalOptionsTests {
    @Test func theDataDirectoryComesFromTheEnvironmentInOrder() {
        #expect(
            LifeSignalOptions.defaultDataDirectory(environment: [
                "LIFESIGNAL_DATA_DIR": "/a", "XDG_DATA_HOME": "/b", "HOME": "/c",
            ]) == "/a"
        )
        #expect(
            LifeSignalOptions.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/b", "HOME": "/c"])
                == "/b/LifeSignal"
        )
        #expect(LifeSignalOptions.defaultDataDirectory(environment: ["HOME": "/c"]) == "/c/.local/share/LifeSignal")
    }

    @Test func defaultsAreSQLiteLiveNetworkAndTheSavedInterval() throws {
        let options = try LifeSignalOptions.parse([], environment: ["HOME": "/home/ada"])
        #expect(options == LifeSignalOptions(dataDirectory: "/home/ada/.local/share/LifeSignal"))
        #expect(options.interval == nil)  // The saved one, else 24 hours: `LifeSignalApp.makeStore`.
        #expect(options.backend == .sqlite)
    }

    @Test func flagsOverrideTheEnvironment() throws {
        let environment = [
            "LIFESIGNAL_DATA_DIR": "/env", "LIFESIGNAL_FUNCTIONS_URL": "http://env:1", "LIFESIGNAL_TOKEN": "env-token",
        ]
        let fromEnvironment = try LifeSignalOptions.parse([], environment: environment)
        #expect(fromEnvironment.backend == .cloudFunctions(url: URL(string: "http://env:1")!, token: "env-token"))
        #expect(fromEnvironment.dataDirectory == "/env")

        let options = try LifeSignalOptions.parse(
            [
                "--data-dir", "/flag", "--functions-url", "https://x.example/functions/v1", "--token", "t",
                "--network", "none", "--interval", "60", "--log", "/tmp/log", "--state-changes",
            ],
            environment: environment
        )
        #expect(
            options
                == LifeSignalOptions(
                    dataDirectory: "/flag",
                    backend: .cloudFunctions(url: URL(string: "https://x.example/functions/v1")!, token: "t"),
                    network: .none,
                    interval: .seconds(60),
                    log: .file("/tmp/log"),
                    showsStateChanges: true
                )
        )
    }

    @Test func theLogGoesToTheDataDirectoryUnlessToldOtherwise() throws {
        let environment = ["HOME": "/home/ada"]
        #expect(
            try LifeSignalOptions.parse([], environment: environment).logPath
                == "/home/ada/.local/share/LifeSignal/lifesignal.log"
        )
        #expect(try LifeSignalOptions.parse(["--data-dir", "/d"], environment: [:]).logPath == "/d/lifesignal.log")
        let toStandardError = try LifeSignalOptions.parse(["--log", "-"], environment: environment)
        #expect(toStandardError.log == .standardError)
        #expect(toStandardError.logPath == nil)
        #expect(try LifeSignalOptions.parse(["--log", "/tmp/a.log"], environment: environment).logPath == "/tmp/a.log")
    }

    @Test func aURLWithoutATokenIsAnError() {
        #expect(throws: LifeSignalOptionsError.self) {
            try LifeSignalOptions.parse(["--functions-url", "http://127.0.0.1:8080"], environment: [:])
        }
    }
}
