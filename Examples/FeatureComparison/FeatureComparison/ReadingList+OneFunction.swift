// The reading list in the one-function form: for the list and for each child, one function that
// changes the state and returns the effect to run after it — one switch — and each child lifted
// once, its state changes and its effects together.
import Aqueduct

enum OneFunctionForm {
    // MARK: The list

    /// The list: it searches the query once it has been quiet for 300 ms on `clock`.
    static func list(client: BookClient, clock: any Clock<Duration>) -> Feature<ReadingListAction, ReadingList> {
        Feature.reduce { action, list in
            switch action {
            case .queryChanged(let query):
                list.query = query
                list.searchError = nil
                list.isSearching = !query.isEmpty
                guard !query.isEmpty else {
                    list.results = []
                    return .cancel(id: SearchID())
                }
                return .run { send throws(BookError) in
                    send(.resultsLoaded(try await client.search(query)))
                } catch: { error, send in
                    send(.searchFailed(error))
                }
                .debounce(id: SearchID(), for: .milliseconds(300), clock: clock)
            case .resultsLoaded(let books):
                list.results = books
                list.isSearching = false
            case .searchFailed(let error):
                list.searchError = error
                list.isSearching = false
            case .resultTapped(let book):
                list.path.push(BookDetail(book: book))
            case .path(.element(let id, .favouriteTapped)):
                if let detail = list.path[id: id] { list.favourite = FavouriteSheet(book: detail.book) }
            case .favourite(.presented(.saved)):
                if let sheet = list.favourite { list.favourites[sheet.book.id] = sheet.note }
            case .path, .favourite:
                break
            }
            return .none
        }
    }

    // MARK: A detail on the stack

    /// A book on the stack: it loads its text when it appears.
    static func detail(client: BookClient) -> Feature<BookDetailAction, BookDetail> {
        Feature.reduce { action, detail in
            switch action {
            case .onAppear:
                let id = detail.book.id
                return .run { send in
                    send(.textLoaded(await client.text(id)))
                }
            case .textLoaded(let text):
                detail.text = text
            case .favouriteTapped:
                break
            }
            return .none
        }
    }

    // MARK: The favourite sheet

    /// The sheet: it saves the favourite, then closes itself.
    static func favourite(client: BookClient) -> Feature<FavouriteAction, FavouriteSheet> {
        Feature.reduce { action, sheet in
            switch action {
            case .noteChanged(let note):
                sheet.note = note
            case .saveTapped:
                sheet.isSaving = true
                let (id, note) = (sheet.book.id, sheet.note)
                return .run { send in
                    await client.saveFavourite(id, note)
                    send(.saved)
                }
            case .saved:
                sheet.isSaving = false
                return .dismiss
            case .cancelTapped:
                return .dismiss
            }
            return .none
        }
    }

    // MARK: Composition: each child lifted once

    static func readingList(client: BookClient, clock: any Clock<Duration>) -> Feature<ReadingListAction, ReadingList> {
        list(client: client, clock: clock)
            <> detail(client: client).lift(action: \ReadingListAction.Cases.path, elements: \ReadingList.path)
            <> favourite(client: client).lift(action: \ReadingListAction.Cases.favourite, state: \ReadingList.favourite)
    }
}
