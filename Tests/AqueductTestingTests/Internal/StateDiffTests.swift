import Testing

@testable import AqueductTesting

@Suite struct StateDiffTests {
    struct Item: Equatable {
        var title: String
        var done = false
    }

    enum Status: Equatable {
        case idle
        case loaded(count: Int)
    }

    struct State: Equatable {
        var count = 0
        var items: [Item] = []
        var status = Status.idle
        var tags: [String: Int] = [:]
        var note: String?
    }

    @Test func equalValuesHaveNoLines() {
        #expect(StateDiff.lines(expected: State(), actual: State()).isEmpty)
    }

    @Test func eachDifferingPathIsOneLine() {
        var expected = State()
        expected.count = 1
        expected.items = [Item(title: "Milk"), Item(title: "Bread")]
        expected.status = .loaded(count: 2)
        expected.tags = ["a": 1, "b": 2]
        var actual = expected
        actual.count = 2
        actual.items[1].title = "Butter"
        actual.items.append(Item(title: "Eggs", done: true))
        actual.status = .loaded(count: 3)
        actual.tags["b"] = 3
        actual.tags["c"] = 4
        actual.note = "hi"
        #expect(
            StateDiff.lines(expected: expected, actual: actual) == [
                "count: 1 → 2",
                "items[1].title: \"Bread\" → \"Butter\"",
                "items.count: 2 → 3",
                "items[2]: (none) → StateDiffTests.Item(title: \"Eggs\", done: true)",
                "status.loaded.count: 2 → 3",
                "tags[\"b\"]: 2 → 3",
                "tags[\"c\"]: (none) → 4",
                "note: nil → Optional(\"hi\")",
            ]
        )
    }

    @Test func differentEnumCasesAreOneLine() {
        #expect(
            StateDiff.lines(expected: Status.idle, actual: Status.loaded(count: 1))
                == ["state: StateDiffTests.Status.idle → StateDiffTests.Status.loaded(count: 1)"]
        )
    }
}
