import Aqueduct
import AqueductTesting
import Testing

/// The laws of `<>` for features — associative, with an identity — in both forms and mixed, and
/// the order it promises: middleware first, then reducers and functions as written, then the
/// effects, the middleware's first.
@MainActor
@Suite struct FeatureCompositionTests {
    enum Step: Sendable, Equatable {
        case go
        case echo(String)
    }

    /// A function that logs each step and, for `.go`, sends an echo.
    static func function(_ name: String) -> Feature<Step, [String]> {
        .reduce { step, log in
            log.append("\(name) \(step)")
            guard step == .go else { return .none }
            return .send(.echo(name))
        }
    }

    /// A reducer that logs each step, and a middleware that echoes `.go` with the length of the
    /// log it sees.
    static func pair(_ name: String) -> Feature<Step, [String]> {
        Feature(
            reducer: .reduce { step, log in log.append("\(name) \(step)") },
            middleware: TestMiddleware<Step, [String]> { step, _, log in
                guard step == .go else { return .none }
                return .send(.echo("\(name) saw \(log().count)"))
            }
        )
    }

    /// The log a store running `feature` keeps for one `.go`.
    static func log(of feature: Feature<Step, [String]>) -> [String] {
        let store = Store(initialState: [], feature: feature)
        store.dispatch(.go)
        return store.state
    }

    static let (a, b, c) = (function("a"), pair("b"), function("c"))

    @Test func compositionRunsTheMiddlewareThenTheStepsInOrderThenTheEffects() {
        #expect(
            Self.log(of: Self.a <> Self.b <> Self.c) == [
                "a go", "b go", "c go",
                "a echo(\"b saw 0\")", "b echo(\"b saw 0\")", "c echo(\"b saw 0\")",
                "a echo(\"a\")", "b echo(\"a\")", "c echo(\"a\")",
                "a echo(\"c\")", "b echo(\"c\")", "c echo(\"c\")",
            ]
        )
    }

    @Test func compositionIsAssociative() {
        let expected = Self.log(of: Self.a <> Self.b <> Self.c)
        #expect(Self.log(of: (Self.a <> Self.b) <> Self.c) == expected)
        #expect(Self.log(of: Self.a <> (Self.b <> Self.c)) == expected)
        #expect(Self.log(of: Feature.combine([Self.a, Self.b, Self.c])) == expected)
        let pairs = Self.pair("x") <> Self.pair("y")
        #expect(
            Self.log(of: (pairs <> Self.pair("z")))
                == Self.log(of: Self.pair("x") <> (Self.pair("y") <> Self.pair("z")))
        )
    }

    @Test func identityIsNeutral() {
        for feature in [Self.a, Self.b, Self.a <> Self.b] {
            let expected = Self.log(of: feature)
            #expect(Self.log(of: .identity <> feature) == expected)
            #expect(Self.log(of: feature <> .identity) == expected)
        }
        #expect(Self.log(of: .identity).isEmpty)
        #expect(Self.log(of: .combine([])).isEmpty)
    }

    @Test func aFeatureOfAReducerAndAMiddlewareRunsAsTheStoreOfBoth() {
        let reducer = Reducer<Step, [String]>.reduce { step, log in log.append("\(step)") }
        let middleware = TestMiddleware<Step, [String]> { step, _, log in
            step == .go ? .send(.echo("saw \(log().count)")) : .none
        }
        let store = Store(initialState: [], reducer: reducer, middleware: middleware)
        store.dispatch(.go)
        #expect(Self.log(of: Feature(reducer: reducer, middleware: middleware)) == store.state)
    }
}
