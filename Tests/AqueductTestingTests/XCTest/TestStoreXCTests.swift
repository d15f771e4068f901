#if canImport(XCTest)
import Aqueduct
import AqueductTesting
import XCTest

/// The test store under XCTest: it works, and its failures are XCTest failures at the
/// caller's line (when no Swift Testing test is running).
final class TestStoreXCTests: XCTestCase {
    @MainActor
    func testAFeatureTestPassesUnderXCTest() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        await store.dispatch(.set(11)) {
            $0.count = 11
            $0.history = [11]
        }
        await store.receive(\.clamped) {
            $0.count = 10
            $0.history.append(10)
        }
        await store.finish()
    }

    #if !canImport(ObjectiveC)
    /// Failures recorded by this test case instead of failing it (swift-corelibs-xctest).
    private let failures = Log<String>()

    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        failures.append("\(filePath.split(separator: "/").last ?? ""):\(lineNumber): \(description)")
    }

    @MainActor
    func testAWrongStateIsAnXCTestFailureAtTheCallersLine() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        let line = #line + 1
        await store.dispatch(.increment) { $0.count = 2 }
        XCTAssertEqual(failures.all.count, 1)
        XCTAssertTrue(failures.all.first?.hasPrefix("TestStoreXCTests.swift:\(line): ") == true)
        XCTAssertTrue(failures.all.first?.contains("count: 2 → 1") == true)
    }
    #endif
}
#endif
