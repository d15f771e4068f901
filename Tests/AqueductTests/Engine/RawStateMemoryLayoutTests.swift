import Testing

@testable import Aqueduct

/// The layout assumptions ``RawStateMemory`` reads the state by: each is a fact about Swift's
/// memory layout that the observation hub and projections rely on, checked here so that a
/// toolchain that breaks one fails a test rather than misreads a state.
@MainActor
@Suite struct RawStateMemoryLayoutTests {
    struct Inner {
        var flag = false
        var wide: Int16 = 0
        var bytes: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var name = ""
    }

    struct Root {
        var count = 0
        var optionalByte: UInt8? = nil
        var inner = Inner()
        var items: [Int] = []
        var doubled: Int { count * 2 }
    }

    static func makeMemory(_ state: Root) -> RawEngineMemory<Int, Root> {
        RawEngineMemory<Int, Root>(state: state)
    }

    static let state = Root(
        count: -7,
        optionalByte: 200,
        inner: Inner(flag: true, wide: 0x1234, bytes: (1, 2, 3), name: "Ada Lovelace, a string on the heap"),
        items: [1, 2, 3]
    )

    @Test func aChainOfStoredPropertiesHasAnOffsetAndIsLoadedThere() throws {
        let memory = Self.makeMemory(Self.state)
        let count = try #require(MemoryLayout<Root>.offset(of: \Root.count))
        let wide = try #require(MemoryLayout<Root>.offset(of: \Root.inner.wide))
        let name = try #require(MemoryLayout<Root>.offset(of: \Root.inner.name))
        let third = try #require(MemoryLayout<Root>.offset(of: \Root.inner.bytes.2))
        #expect(memory.load(at: count, as: Int.self) == -7)
        #expect(memory.load(at: wide, as: Int16.self) == 0x1234)
        #expect(memory.load(at: name, as: String.self) == Self.state.inner.name)
        #expect(memory.load(at: third, as: UInt8.self) == 3)
    }

    @Test func pathsThatAreNotStoredPropertiesHaveNoOffsetAndAreAppliedInPlace() {
        let memory = Self.makeMemory(Self.state)
        #expect(MemoryLayout<Root>.offset(of: \Root.doubled) == nil)
        #expect(MemoryLayout<Root>.offset(of: \Root.items[1]) == nil)
        #expect(memory.read(\Root.doubled, offset: nil) == -14)
        #expect(memory.read(\Root.items[1], offset: nil) == 2)
    }

    /// A projection of a projection adds its offset to its parent's.
    @Test func theOffsetOfAnAppendedPathIsTheSumOfTheOffsets() throws {
        let inner = try #require(MemoryLayout<Root>.offset(of: \Root.inner))
        let wide = try #require(MemoryLayout<Inner>.offset(of: \Inner.wide))
        let appended = try #require(MemoryLayout<Root>.offset(of: (\Root.inner).appending(path: \Inner.wide)))
        #expect(appended == inner + wide)
    }

    /// The hub compares the word it reads in the state with the word of the value it last
    /// delivered, copied out of the state: both must be the value's bytes, for every size the
    /// shortcut takes (1 to 8 bytes, an odd size and an optional's tag byte included).
    @Test func theWordInTheStateIsTheWordOfACopyOfTheValue() throws {
        let memory = Self.makeMemory(Self.state)
        func check<Value>(_ path: KeyPath<Root, Value>) throws {
            let offset = try #require(MemoryLayout<Root>.offset(of: path))
            #expect(_isPOD(Value.self) && MemoryLayout<Value>.size <= 8)
            let value = Self.state[keyPath: path]
            var copied: UInt64 = 0
            withUnsafeBytes(of: value) { bytes in withUnsafeMutableBytes(of: &copied) { $0.copyMemory(from: bytes) } }
            let stored = memory.checked(StoredWord(offset: offset, size: MemoryLayout<Value>.size))
            #expect(memory.word(at: stored) == copied)
        }
        try check(\Root.count)
        try check(\Root.optionalByte)
        try check(\Root.inner.flag)
        try check(\Root.inner.wide)
        try check(\Root.inner.bytes)
        #expect(MemoryLayout<UInt8?>.size == 2)
        #expect(MemoryLayout<(UInt8, UInt8, UInt8)>.size == 3)
    }

    /// What the shortcut rests on: a plain value of at most 8 bytes is all bytes (no reference
    /// that could point to a change), and values that are not plain are never word-compared.
    @Test func onlyPlainValuesOfAtMostEightBytesAreComparedAsWords() {
        #expect(_isPOD(Int16.self) && _isPOD(UInt8?.self) && _isPOD((UInt8, UInt8, UInt8).self))
        #expect(!_isPOD(String.self) && !_isPOD([Int].self) && !_isPOD(Inner.self))
        #expect(MemoryLayout<Inner>.size > 8)
    }

    /// The memory is the state: what the engine writes through ``RawEngineMemory/fields`` is what
    /// a load at an offset reads.
    @Test func aWriteThroughTheFieldsIsWhatALoadReads() throws {
        let memory = Self.makeMemory(Self.state)
        memory.fields.state.inner.wide = -2
        memory.fields.state.optionalByte = nil
        let wide = try #require(MemoryLayout<Root>.offset(of: \Root.inner.wide))
        let optional = try #require(MemoryLayout<Root>.offset(of: \Root.optionalByte))
        #expect(memory.load(at: wide, as: Int16.self) == -2)
        #expect(memory.load(at: optional, as: UInt8?.self) == nil)
        #expect(memory.stateSize == MemoryLayout<Root>.size)
    }
}
