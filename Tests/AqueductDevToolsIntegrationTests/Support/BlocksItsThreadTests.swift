import Testing

/// The slots that keep the blocking suites to one fewer test at once than the cores.
@Suite(.timeLimit(.minutes(3)))
struct BlocksItsThreadTests {
    @Test func aHolderBeyondTheCountWaitsUntilAnotherLeavesAndWaitersGoInInOrder() async {
        let (events, log) = AsyncStream.makeStream(of: String.self)
        let slots = BlocksItsThread.Slots(2, willWait: { log.yield("waits") })
        var next = events.makeAsyncIterator()
        var leave: [AsyncStream<Void>.Continuation] = []
        var holders: [Task<Void, Never>] = []
        func startHolder(_ name: Int) {
            let (leaving, leaveNow) = AsyncStream.makeStream(of: Void.self)
            leave.append(leaveNow)
            holders.append(
                Task {
                    await slots.holding {
                        log.yield("\(name) in")
                        for await _ in leaving { break }
                        log.yield("\(name) out")
                    }
                }
            )
        }

        startHolder(1)
        startHolder(2)
        let firstTwo = [await next.next(), await next.next()]
        #expect(Set(firstTwo) == ["1 in", "2 in"])
        startHolder(3)
        #expect(await next.next() == "waits")
        startHolder(4)
        #expect(await next.next() == "waits")

        // Each leaving holder lets in one waiter, the one that came first.
        leave[1].yield()
        #expect(await next.next() == "2 out")
        let third = await next.next()
        leave[0].yield()
        #expect(await next.next() == "1 out")
        let fourth = await next.next()
        #expect([third, fourth] == ["3 in", "4 in"])

        leave[2].yield()
        leave[3].yield()
        for holder in holders { await holder.value }
        #expect(Set([await next.next(), await next.next()]) == ["3 out", "4 out"])
    }
}
