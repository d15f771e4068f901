// The reading list's types, shared by both forms of its feature: the books client, the states
// and the actions. Not counted: the comparison counts the code that changes the state and runs
// the effects (ReadingList+ReducerAndMiddleware.swift and ReadingList+OneFunction.swift).
//
// A search field whose query is searched once it has been quiet for 300 ms, and cancelled when
// it changes again or is cleared; the results listed; a result opens a book's detail on a
// navigation stack, which loads the book's text when it appears (and stops if it is popped); a
// detail opens a sheet to favourite the book with a note, which saves and closes itself.
import Aqueduct

struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    let title: String
}

enum BookError: Error, Equatable, Sendable {
    case unavailable
}

/// How the reading list reaches its books: the app passes a live client, tests an in-memory one.
struct BookClient: Sendable {
    var search: @Sendable (String) async throws(BookError) -> [Book]
    var text: @Sendable (Book.ID) async -> String
    var saveFavourite: @Sendable (Book.ID, String) async -> Void
}

struct ReadingList: Equatable, Sendable {
    var query = ""
    var results: [Book] = []
    var isSearching = false
    var searchError: BookError?
    /// The note of each favourite book.
    var favourites: [Book.ID: String] = [:]
    var path = ChildStack<BookDetail>()
    var favourite: FavouriteSheet?
}

enum ReadingListAction: CaseAccessible, Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([Book])
    case searchFailed(BookError)
    case resultTapped(Book)
    case path(StackAction<BookDetail, BookDetailAction>)
    case favourite(PresentationAction<FavouriteAction>)
}

/// A book on the navigation stack.
struct BookDetail: Equatable, Sendable {
    let book: Book
    var text: String?
}

enum BookDetailAction: CaseAccessible, Equatable, Sendable {
    case onAppear
    case textLoaded(String)
    case favouriteTapped
}

/// The sheet that favourites a book with a note.
struct FavouriteSheet: Equatable, Sendable {
    let book: Book
    var note = ""
    var isSaving = false
}

enum FavouriteAction: CaseAccessible, Equatable, Sendable {
    case noteChanged(String)
    case saveTapped
    case saved
    case cancelTapped
}

/// The id the search runs under, in both forms.
struct SearchID: Hashable, Sendable {}
