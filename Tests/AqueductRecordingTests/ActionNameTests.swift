import Aqueduct
import AqueductRecording
import Testing

@Suite struct ActionNameTests {
    struct DetailState: Equatable {
        var title = "Detail"
    }

    struct RowID: Hashable {
        var raw: String
    }

    indirect enum DetailAction {
        case tap
        case rename(String, force: Bool)
        case alert(PresentationAction<DetailAction>)
    }

    enum AppAction {
        case path(StackAction<DetailState, DetailAction>)
        case rows(id: Int, action: DetailAction)
        case tagged(id: RowID, action: DetailAction)
        case destination(PresentationAction<DetailAction>)
        case feature(DetailAction)
        case started(count: Int)
    }

    static func name(_ action: AppAction) -> String { ActionRecord.Action(action).name }

    @Test func aStackEntrysActionIsNamedByItsCaseAndID() {
        #expect(Self.name(.path(.element(id: StackID(3), action: .tap))) == "path[3] › tap")
        #expect(
            Self.name(.path(.element(id: StackID(12), action: .rename("a, (b) › \"c\"", force: true))))
                == #"path[12] › rename("a, (b) › \"c\"", force: true)"#
        )
        #expect(Self.name(.path(.pop)) == "path › pop")
        #expect(Self.name(.path(.popTo(id: StackID(1)))) == "path › popTo(id: #1)")
        #expect(Self.name(.path(.push(DetailState()))) == #"path › push(ActionNameTests.DetailState(title: "Detail"))"#)
    }

    @Test func aCollectionElementsActionIsNamedByItsCaseAndID() {
        #expect(Self.name(.rows(id: 7, action: .tap)) == "rows[7] › tap")
        #expect(
            Self.name(.tagged(id: RowID(raw: "a"), action: .tap)) == #"tagged[ActionNameTests.RowID(raw: "a")] › tap"#
        )
    }

    @Test func aPresentedChildsActionIsNamedByItsCase() {
        #expect(Self.name(.destination(.presented(.tap))) == "destination › tap")
        #expect(Self.name(.destination(.dismiss)) == "destination › dismiss")
        // Nested: a presented child of a stack entry, and a child of a lifted feature.
        #expect(Self.name(.path(.element(id: StackID(3), action: .alert(.presented(.tap))))) == "path[3] › alert › tap")
        #expect(
            Self.name(.feature(.alert(.presented(.rename("x", force: false)))))
                == #"feature › alert › rename("x", force: false)"#
        )
    }

    @Test func anyOtherActionIsNamedByItsDescription() {
        for action: AppAction in [.started(count: 2), .feature(.tap), .feature(.rename("action: x", force: true))] {
            let recorded = ActionRecord.Action(action)
            #expect(recorded.name == recorded.description)
        }
        // Text that only looks like a child's action, or is not balanced, is left as it is.
        for description in [
            "Row(id: 1, action: tap)", "rows(id: 1, action: tap", "rows(id: 1, other: tap)",
            "path(StackAction<A, B.element(id: #3, action: B.tap))", "x(\"action: \")",
        ] {
            #expect(ActionRecord.Action.name(of: description) == description)
        }
    }

    @Test func aRecordingsDescriptionIsNamedAsRecorded() {
        // The name is derived from the text: a recording written before names existed (this
        // line's form) reads with the same name.
        let description =
            "path(StackAction<DetailState, DetailAction>.element(id: #3, action: DetailAction.tap))"
        #expect(ActionRecord.Action(description: description, value: nil).name == "path[3] › tap")
    }
}
