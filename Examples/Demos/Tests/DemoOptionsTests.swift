import DemoComposition
import Testing

@Suite struct DemoOptionsTests {
    @Test func parsesNetworkAndStateChanges() throws {
        let options = try DemoOptions.parse(["--network", "none", "--state-changes"])
        #expect(options == DemoOptions(network: .none, showsStateChanges: true))
        #expect(try DemoOptions.parse([], defaults: DemoOptions(showsStateChanges: true)).showsStateChanges)
    }

    @Test(arguments: [["--network"], ["--network", "wifi"], ["--verbose"]])
    func rejectsWhatItDoesNotKnow(arguments: [String]) {
        #expect(throws: DemoOptions.UnknownOption.self) { try DemoOptions.parse(arguments) }
    }
}
