import ExampleTestSupport

extension ChildProcess {
    /// `LifeSignal` as a child process, commands typed on its standard input, with none of
    /// LifeSignal's environment variables from the test's environment.
    ///
    /// - Parameters:
    ///   - arguments: Its command line.
    ///   - environment: Variables to set.
    /// - Returns: The running app.
    static func lifeSignal(arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            "LifeSignal",
            arguments: arguments,
            environment: environment,
            removingEnvironment: ["LIFESIGNAL_DATA_DIR", "LIFESIGNAL_FUNCTIONS_URL", "LIFESIGNAL_TOKEN"],
            input: .pipe
        )
    }
}
