import Testing

@testable import AqueductTesting

@Suite struct CasePathDescriptionTests {
    struct Inner {
        var done: Void? { () }
        var pair: (Int, String)? { nil }
    }

    enum Outer {
        case inner(Inner)

        var inner: Inner? {
            if case .inner(let inner) = self { return inner }
            return nil
        }
    }

    @Test func computedComponentsShowTheirTypes() {
        #expect(
            CasePathDescription.describe(\Outer.inner?.done)
                == "\\Outer.<computed: Optional<Inner>>?.<computed: Optional<()>>"
        )
        #expect(
            CasePathDescription.describe(\Inner.pair) == "\\Inner.<computed: Optional<(Int, String)>>"
        )
    }
}
