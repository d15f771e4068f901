import Aqueduct
import Testing

// What the README and the DocC article "Case accessors" say SyncAction gets, read back from
// the generated SyncAction+CaseAccessors.swift.

@Suite struct CaseAccessorSnippetTests {
    @Test func eachCaseReadsItsOwnPayloadAndNilForTheOthers() throws {
        #expect(SyncAction.start.start != nil)
        #expect(SyncAction.start.finished == nil)

        let finished: Int? = SyncAction.finished(count: 3).finished
        #expect(finished == 3)
        #expect(SyncAction.finished(count: 3).start == nil)

        let failed: (code: Int, message: String)? = SyncAction.failed(code: 7, message: "offline").failed
        let payload = try #require(failed)
        #expect(payload.code == 7 && payload.message == "offline")
        #expect(SyncAction.failed(code: 7, message: "offline").finished == nil)
    }

    @Test func theGeneratedListNamesEveryCaseInOrder() {
        #expect(SyncAction.caseAccessors.map(\.name) == ["start", "finished", "failed"])
        #expect(SyncAction.caseAccessors[1].keyPath == \SyncAction.finished)
    }
}
