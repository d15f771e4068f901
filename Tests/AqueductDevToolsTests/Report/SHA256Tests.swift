import Testing

@testable import AqueductDevTools

@Suite struct SHA256Tests {
    static func hex(_ text: String) -> String {
        SHA256.digest(Array(text.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // The empty message and FIPS 180-4's two examples; then lengths around the padding's
    // boundaries (55, 56 and 64 bytes: one block, two blocks) and a longer one, whose digests
    // come from Python's hashlib.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1_000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
        (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (String(repeating: "x", count: 56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
    ])
    func digestsMatchTheStandardsVectors(message: String, digest: String) {
        #expect(Self.hex(message) == digest)
    }
}
