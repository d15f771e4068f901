import Aqueduct
import AqueductTesting
import Testing

@testable import FeatureComparison

/// The two forms of the reading list. Every test runs with each: one set of behaviour tests, so
/// the forms do the same, action for action and state for state.
enum Form: String, CaseIterable, Sendable {
    case reducerAndMiddleware
    case oneFunction
}

/// An in-memory library whose every call takes a second of `clock`, and which records the
/// favourites it was asked to save.
struct Library: Sendable {
    static let dune = Book(id: 1, title: "Dune")
    static let dubliners = Book(id: 2, title: "Dubliners")
    static let emma = Book(id: 3, title: "Emma")

    let clock = TestClock()
    let saved = LockedValue<[String]>([])

    var client: BookClient {
        BookClient(
            search: { [clock] query throws(BookError) in
                try? await clock.sleep(for: .seconds(1))
                if query == "offline" { throw .unavailable }
                return [Self.dune, Self.dubliners, Self.emma].filter { $0.title.lowercased().hasPrefix(query) }
            },
            text: { [clock] id in
                try? await clock.sleep(for: .seconds(1))
                return "The text of book \(id)."
            },
            saveFavourite: { [clock, saved] id, note in
                saved.withLock { $0.append("\(id): \(note)") }
                try? await clock.sleep(for: .seconds(1))
            }
        )
    }

    @MainActor
    func makeStore(_ form: Form) -> TestStore<ReadingListAction, ReadingList> {
        switch form {
        case .reducerAndMiddleware:
            TestStore(
                initialState: ReadingList(),
                reducer: ReducerAndMiddlewareForm.reducer,
                middleware: ReducerAndMiddlewareForm.middleware(client: client, clock: clock)
            )
        case .oneFunction:
            TestStore(initialState: ReadingList(), feature: OneFunctionForm.readingList(client: client, clock: clock))
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(3))) struct ReadingListTests {
    let library = Library()
    var clock: TestClock { library.clock }

    // MARK: Search

    @Test(arguments: Form.allCases) func onlyTheQueryThatStaysQuietFor300msIsSearched(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.queryChanged("d")) {
            $0.query = "d"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.queryChanged("dub")) { $0.query = "dub" }
        await clock.advance(by: .milliseconds(299))
        await clock.advance(by: .milliseconds(1))  // "dub" has been quiet for 300 ms: its search starts
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.results.isEmpty)
        await clock.advance(by: .milliseconds(1))
        // One search, for "dub": an exhaustive store would fail on the results for "d".
        await store.receive(.resultsLoaded([Library.dubliners])) {
            $0.results = [Library.dubliners]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test(arguments: Form.allCases) func aNewerQueryCancelsTheSearchInFlight(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.queryChanged("du")) {
            $0.query = "du"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(800))  // the search for "du" is half-way
        await store.dispatch(.queryChanged("dun")) { $0.query = "dun" }
        await clock.advance(by: .milliseconds(1300))
        await store.receive(.resultsLoaded([Library.dune])) {
            $0.results = [Library.dune]
            $0.isSearching = false
        }
        await store.finish()
    }

    @Test(arguments: Form.allCases) func clearingTheQueryCancelsTheSearch(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.queryChanged("em")) {
            $0.query = "em"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(100))
        await store.dispatch(.queryChanged("")) {
            $0.query = ""
            $0.isSearching = false
        }
        await clock.advance(by: .seconds(2))
        #expect(store.state.results.isEmpty)
        await store.finish()
    }

    @Test(arguments: Form.allCases) func aFailedSearchIsShownAndTheNextClearsIt(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.queryChanged("offline")) {
            $0.query = "offline"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(1300))
        await store.receive(.searchFailed(.unavailable)) {
            $0.searchError = .unavailable
            $0.isSearching = false
        }
        await store.dispatch(.queryChanged("e")) {
            $0.query = "e"
            $0.isSearching = true
            $0.searchError = nil
        }
        await clock.advance(by: .milliseconds(1300))
        await store.receive(.resultsLoaded([Library.emma])) {
            $0.results = [Library.emma]
            $0.isSearching = false
        }
        await store.finish()
    }

    // MARK: The stack of details

    @Test(arguments: Form.allCases) func aResultOpensADetailThatLoadsItsText(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.resultTapped(Library.dune)) { $0.path.push(BookDetail(book: Library.dune)) }
        await store.dispatch(\.path[id: StackID(0)].onAppear)
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(0), action: .textLoaded("The text of book 1.")))) {
            $0.path[id: StackID(0)]?.text = "The text of book 1."
        }
        await store.finish()
    }

    @Test(arguments: Form.allCases) func poppingADetailEndsItsLoadOnly(form: Form) async {
        let store = library.makeStore(form)
        await store.dispatch(.resultTapped(Library.dune)) { $0.path.push(BookDetail(book: Library.dune)) }
        await store.dispatch(\.path[id: StackID(0)].onAppear)
        await store.dispatch(.resultTapped(Library.emma)) { $0.path.push(BookDetail(book: Library.emma)) }
        await store.dispatch(\.path[id: StackID(1)].onAppear)
        await store.dispatch(.path(.popFrom(id: StackID(1)))) { $0.path.pop() }
        await clock.advance(by: .seconds(1))
        // Emma's text never arrives: an exhaustive store would fail on it.
        await store.receive(.path(.element(id: StackID(0), action: .textLoaded("The text of book 1.")))) {
            $0.path[id: StackID(0)]?.text = "The text of book 1."
        }
        await store.finish()
    }

    // MARK: The favourite sheet

    /// Opens Dune's detail and its favourite sheet.
    func openTheSheet(_ store: TestStore<ReadingListAction, ReadingList>) async {
        await store.dispatch(.resultTapped(Library.dune)) { $0.path.push(BookDetail(book: Library.dune)) }
        await store.dispatch(\.path[id: StackID(0)].favouriteTapped) {
            $0.favourite = FavouriteSheet(book: Library.dune)
        }
        await store.dispatch(.favourite(.presented(.noteChanged("Reread")))) { $0.favourite?.note = "Reread" }
    }

    @Test(arguments: Form.allCases) func theSheetSavesTheFavouriteAndDismissesItself(form: Form) async {
        let store = library.makeStore(form)
        await openTheSheet(store)
        await store.dispatch(.favourite(.presented(.saveTapped))) { $0.favourite?.isSaving = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.favourite(.presented(.saved))) {
            $0.favourites = [Library.dune.id: "Reread"]  // the list's
            $0.favourite?.isSaving = false  // the sheet's
        }
        // The sheet's `.dismiss`, turned into the list's action by the lift.
        await store.receive(.favourite(.dismiss)) { $0.favourite = nil }
        #expect(library.saved.withLock { $0 } == ["1: Reread"])
        await store.finish()
    }

    @Test(arguments: Form.allCases) func cancellingTheSheetDismissesItWithoutSaving(form: Form) async {
        let store = library.makeStore(form)
        await openTheSheet(store)
        await store.dispatch(.favourite(.presented(.cancelTapped)))
        await store.receive(.favourite(.dismiss)) { $0.favourite = nil }
        #expect(library.saved.withLock { $0 }.isEmpty)
        #expect(store.state.favourites.isEmpty)
        await store.finish()
    }

    @Test(arguments: Form.allCases) func dismissingTheSheetWhileItSavesEndsTheSave(form: Form) async {
        let store = library.makeStore(form)
        await openTheSheet(store)
        await store.dispatch(.favourite(.presented(.saveTapped))) { $0.favourite?.isSaving = true }
        await store.dispatch(.favourite(.dismiss)) { $0.favourite = nil }  // swiped away
        await clock.advance(by: .seconds(1))
        // The save's `.saved` is never reduced: no favourite, nothing left to receive.
        #expect(store.state.favourites.isEmpty)
        await store.finish()
    }
}
