import Aqueduct
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts `malloc` calls when the tests run with a counting `malloc` preloaded; skipped otherwise.
///
/// ```sh
/// cat > /tmp/count.c <<'C'
/// #define _GNU_SOURCE
/// #include <dlfcn.h>
/// #include <stdatomic.h>
/// #include <stddef.h>
/// static _Atomic long counter;
/// static void *(*real_malloc)(size_t);
/// long malloc_count(void) { return atomic_load(&counter); }
/// void *malloc(size_t n) {
///     if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
///     atomic_fetch_add(&counter, 1);
///     return real_malloc(n);
/// }
/// C
/// clang -shared -fPIC -O2 -o /tmp/libcount.so /tmp/count.c -ldl
/// LD_PRELOAD=/tmp/libcount.so swift test --filter BridgeAllocationTests
/// ```
enum MallocCounter {
    static let read: (@convention(c) () -> Int)? = {
        #if canImport(Glibc) || canImport(Darwin)
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, "malloc_count") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
        #else
        return nil
        #endif
    }()

    static var isAvailable: Bool { read != nil }
}

@MainActor
@Suite(.enabled(if: MallocCounter.isAvailable, "needs a counting malloc preloaded (see MallocCounter)"))
struct BridgeAllocationTests {
    typealias AppAction = Player.AppAction

    /// Handles `action` 1,000 times; returns the allocations counted meanwhile and how many of
    /// the calls returned an effect.
    static func handle(
        _ action: AppAction,
        with bridges: BridgeMiddleware<AppAction, Player.AppState>
    ) throws -> (allocations: Int, effects: Int) {
        let count = try #require(MallocCounter.read)
        let state = GetState.constant(Player.AppState())
        let source = ActionSource()
        var effects = 0
        let before = count()
        for _ in 0..<1_000 where !bridges.handle(action: action, from: source, state: state).isNone {
            effects += 1
        }
        return (count() - before, effects)
    }

    /// Other tests allocate on other threads meanwhile, so allow a little noise: a per-call
    /// allocation would show as at least 1,000.
    @Test func nonMatchingActionCostsNoAllocation() throws {
        let (allocations, effects) = try Self.handle(.playback(.didStop), with: Player.appBridges)
        #expect(effects == 0)
        #expect(allocations < 100)
    }

    @Test func nonMatchingActionCostsNoAllocationWithStateBridges() throws {
        let bridges = BridgeMiddleware<AppAction, Player.AppState>()
            .bridge(\.downloads.downloaded --> { kind, _ in .library(.add(kind)) })
            .bridge(
                \.playback.didStart --> { _, state in state.isPlaying ? nil : .library(.refresh) }
            )
        let (allocations, effects) = try Self.handle(.playback(.didStop), with: bridges)
        #expect(effects == 0)
        #expect(allocations < 100)
    }

    @Test func matchingActionAllocatesItsEffect() throws {
        let (allocations, effects) = try Self.handle(.playback(.didStart), with: Player.appBridges)
        #expect(effects == 1_000)
        #expect(allocations >= 1_000)
    }

    /// The allocations of 1,000 dispatches of `action` to a store with `bridges`, less those of
    /// 1,000 dispatches, to another store with the same bridges, of an action none matches: what
    /// the bridges' firings and derived actions add (a debug build's store allocates for every
    /// dispatch).
    static func bridgingAllocations(
        _ action: AppAction,
        with bridges: BridgeMiddleware<AppAction, Player.AppState>
    ) throws -> Int {
        try dispatch(action, with: bridges) - dispatch(.playback(.didStop), with: bridges)
    }

    /// Allocations counted while 1,000 dispatches of `action` to a new store with `bridges` are
    /// processed, after one that lets the store and the middleware allocate what they keep.
    static func dispatch(
        _ action: AppAction,
        with bridges: BridgeMiddleware<AppAction, Player.AppState>
    ) throws -> Int {
        let count = try #require(MallocCounter.read)
        let store = Store(initialState: Player.AppState(), reducer: Player.reducer, middleware: bridges)
        store.dispatch(action)
        let before = count()
        for _ in 0..<1_000 { store.dispatch(action) }
        return count() - before
    }

    @Test func aBridgeOnACaseWithoutAPayloadFiresWithNoAllocation() throws {
        let allocations = try Self.bridgingAllocations(.playback(.didStart), with: Player.unfilteredBridges)
        #expect(allocations < 100)
    }

    @Test func aFilteredBridgeOnACaseWithoutAPayloadAllocatesOneObjectAMatch() throws {
        let allocations = try Self.bridgingAllocations(.playback(.didStart), with: Player.appBridges)
        #expect(allocations >= 1_000 && allocations < 1_100)
    }

    @Test func aBridgeOnAPayloadAllocatesOneObjectAMatch() throws {
        let bridges = BridgeMiddleware<AppAction, Player.AppState>()
            .bridge(\.downloads.downloaded --> { AppAction.library(.add($0)) })
        let allocations = try Self.bridgingAllocations(.downloads(.downloaded(.high)), with: bridges)
        #expect(allocations >= 1_000 && allocations < 1_100)
    }
}
