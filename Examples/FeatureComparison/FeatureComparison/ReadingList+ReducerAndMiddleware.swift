// The reading list in the reducer-and-middleware form: for the list and for each child, a
// reducer with its switch and a middleware with its own, each listing the cases it ignores;
// the reducers lifted into one reducer and the middlewares, with the same case paths and state
// paths, into one middleware.
import Aqueduct

enum ReducerAndMiddlewareForm {
    // MARK: The list

    static let listReducer = Reducer<ReadingListAction, ReadingList>.reduce { action, list in
        switch action {
        case .queryChanged(let query):
            list.query = query
            list.searchError = nil
            list.isSearching = !query.isEmpty
            if query.isEmpty { list.results = [] }
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
    }

    struct ListMiddleware: Middleware {
        let client: BookClient
        let clock: any Clock<Duration>

        func handle(
            action: ReadingListAction,
            from source: ActionSource,
            state: GetState<ReadingList>
        ) -> Effect<ReadingListAction> {
            switch action {
            case .queryChanged(let query) where query.isEmpty:
                return .cancel(id: SearchID())
            case .queryChanged(let query):
                return .run { [client] send throws(BookError) in
                    send(.resultsLoaded(try await client.search(query)))
                } catch: { error, send in
                    send(.searchFailed(error))
                }
                .debounce(id: SearchID(), for: .milliseconds(300), clock: clock)
            case .resultsLoaded, .searchFailed, .resultTapped, .path, .favourite:
                return .none
            }
        }
    }

    // MARK: A detail on the stack

    static let detailReducer = Reducer<BookDetailAction, BookDetail>.reduce { action, detail in
        switch action {
        case .textLoaded(let text):
            detail.text = text
        case .onAppear, .favouriteTapped:
            break
        }
    }

    struct DetailMiddleware: Middleware {
        let client: BookClient

        func handle(
            action: BookDetailAction,
            from source: ActionSource,
            state: GetState<BookDetail>
        ) -> Effect<BookDetailAction> {
            switch action {
            case .onAppear:
                let id = state().book.id
                return .run { [client] send in
                    send(.textLoaded(await client.text(id)))
                }
            case .textLoaded, .favouriteTapped:
                return .none
            }
        }
    }

    // MARK: The favourite sheet

    static let favouriteReducer = Reducer<FavouriteAction, FavouriteSheet>.reduce { action, sheet in
        switch action {
        case .noteChanged(let note):
            sheet.note = note
        case .saveTapped:
            sheet.isSaving = true
        case .saved:
            sheet.isSaving = false
        case .cancelTapped:
            break
        }
    }

    struct FavouriteMiddleware: Middleware {
        let client: BookClient

        func handle(
            action: FavouriteAction,
            from source: ActionSource,
            state: GetState<FavouriteSheet>
        ) -> Effect<FavouriteAction> {
            switch action {
            case .saveTapped:
                let (id, note) = (state().book.id, state().note)
                return .run { [client] send in
                    await client.saveFavourite(id, note)
                    send(.saved)
                }
            case .saved, .cancelTapped:
                return .dismiss
            case .noteChanged:
                return .none
            }
        }
    }

    // MARK: Composition: the reducers lifted in one place, the middlewares in another

    static let reducer: Reducer<ReadingListAction, ReadingList> =
        listReducer
        <> detailReducer.lift(action: \ReadingListAction.Cases.path, elements: \ReadingList.path)
        <> favouriteReducer.lift(action: \ReadingListAction.Cases.favourite, state: \ReadingList.favourite)

    static func middleware(
        client: BookClient,
        clock: any Clock<Duration>
    ) -> some Middleware<ReadingListAction, ReadingListAction, ReadingList> {
        ListMiddleware(client: client, clock: clock)
            <> DetailMiddleware(client: client)
            .lift(action: \ReadingListAction.Cases.path, elements: \ReadingList.path)
            <> FavouriteMiddleware(client: client)
            .lift(action: \ReadingListAction.Cases.favourite, state: \ReadingList.favourite)
    }
}
