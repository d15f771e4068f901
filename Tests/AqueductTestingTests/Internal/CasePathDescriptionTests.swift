import Aqueduct
import Testing

@testable import AqueductTesting

@Suite struct CasePathDescriptionTests {
    // Hand-written on purpose, not CaseAccessible: these test how a path through accessors that
    // are not generated is described.
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

    @Test func handWrittenComputedComponentsShowTheirTypes() {
        #expect(
            CasePathDescription.describe(\Outer.inner?.done)
                == "\\Outer.<computed: Optional<Inner>>?.<computed: Optional<()>>"
        )
        #expect(
            CasePathDescription.describe(\Inner.pair) == "\\Inner.<computed: Optional<(Int, String)>>"
        )
    }

    @Test func generatedAccessorsAreNamedTheWayThePathIsWritten() {
        #expect(CasePathDescription.describe(\NamedAppAction.quit) == "\\.quit")
        #expect(CasePathDescription.describe(\NamedAppAction.sync) == "\\.sync")
        #expect(CasePathDescription.describe(\NamedAppAction.sync?.finished) == "\\.sync?.finished")
        #expect(CasePathDescription.describe(\NamedAppAction.sync?.failed) == "\\.sync?.failed")
        #expect(
            CasePathDescription.describe(\NamedAppAction.settings?.resync?.start) == "\\.settings?.resync?.start"
        )
        #expect(CasePathDescription.describe(\NamedSyncAction.finished) == "\\.finished")
    }

    @Test func aPathThatIsNotOnlyCaseAccessorsKeepsItsDescription() {
        let forced = CasePathDescription.describe(\NamedAppAction.sync!.finished)
        #expect(forced.hasPrefix("\\NamedAppAction.<computed: Optional<NamedSyncAction>>!."))
        let throughPayload = CasePathDescription.describe(\NamedAppAction.sync?.failed?.isEmpty)
        #expect(throughPayload.hasPrefix("\\NamedAppAction.<computed: Optional<NamedSyncAction>>?."))
        #expect(CasePathDescription.caseNames(of: \NamedAppAction.sync?.failed?.isEmpty) == nil)
    }
}
