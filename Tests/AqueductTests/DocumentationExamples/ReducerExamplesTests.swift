import Aqueduct
import Testing

// The examples of the doc comments of Reducer, its lifts and CaseAccessible, compiled and run
// here: each block of those comments is quoted from this file or from another test.

/// The examples of the doc comments, run by `swift test --filter DocumentationExamples`.
enum DocumentationExamples {}

extension DocumentationExamples {
    @Suite struct ReducerExamplesTests {
        @Test func aReducerIsCalledLikeAFunction() {
            var count = 0
            counterReducer(.increment, &count)
            #expect(count == 1)
        }

        @Test func aLiftedReducerRunsOnItsOwnCaseOnly() {
            let counter = counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
            var state = AppState(count: 1, text: "a")
            counter(.counter(.increment), &state)
            counter(.text(.append("b")), &state)
            #expect(state == AppState(count: 2, text: "a"))
        }
    }
}
