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

    @Test func eachCaseHasACasePathThatExtractsAndEmbeds() throws {
        let finished = CasePath(\SyncAction.Cases.finished)
        #expect(finished.extract(from: .finished(count: 3)) == 3)
        #expect(finished.extract(from: .start) == nil)
        #expect(finished.embed(4) == .finished(count: 4))
        #expect("\(finished)" == "\\.finished")

        let failed = CasePath(\SyncAction.Cases.failed)
        let payload = try #require(failed.extract(from: .failed(code: 7, message: "offline")))
        #expect(payload.code == 7 && payload.message == "offline")
        #expect(failed.embed((code: 8, message: "busy")) == .failed(code: 8, message: "busy"))
        #expect(CasePath(\SyncAction.Cases.start).embed(()) == .start)
    }
}
