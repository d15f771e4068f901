import Testing

@testable import AqueductTesting

/// The queue behind a test store's processed actions: first in, first out, past the point where
/// it moves its taken elements out.
@Suite struct FrontTakingQueueTests {
    @Test func elementsComeOutInOrderAcrossTheTrimOfTakenOnes() {
        var queue = FrontTakingQueue<Int>()
        var next = 0
        var expected = 0
        // Appends run ahead of takes, so that more than 1,024 taken elements sit in front of
        // elements not taken: the trim moves them out while elements are still waiting.
        for _ in 0..<3 {
            for _ in 0..<2_000 {
                queue.append(next)
                next += 1
            }
            for _ in 0..<1_500 {
                #expect(queue[0] == expected)
                #expect(queue.removeFirst() == expected)
                expected += 1
            }
            #expect(queue.count == next - expected)
            #expect(queue.all == Array(expected..<next))
        }
        while queue.count > 0 {
            #expect(queue.removeFirst() == expected)
            expected += 1
        }
        #expect(expected == next)
        #expect(queue.all.isEmpty)
    }
}
