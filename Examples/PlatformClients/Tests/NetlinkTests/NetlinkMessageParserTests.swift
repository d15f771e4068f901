import Testing

@testable import Netlink

@Suite struct NetlinkMessageParserTests {
    let parser = NetlinkMessageParser()
    typealias B = MessageBuilder

    // MARK: - Recorded kernel messages

    @Test func parsesRecordedVethLink() throws {
        let message = try #require(try parser.parseMessage(RecordedMessages.linkV0Up))
        #expect(message.type == 16)
        #expect(message.sequence == 0)
        #expect(message.portID == 0)
        guard case .newLink(let link) = message.payload else {
            Issue.record("expected a new link, got \(message.payload)")
            return
        }
        #expect(link.index == 3)
        #expect(link.name == "v0")
        #expect(link.type == 1)
        #expect(link.flags == 0x1_1043)
        #expect(link.operationalState == 6)
        #expect(link.kind == "veth")
        #expect(link.isUp && link.isRunning && link.canCarryTraffic && !link.isLoopback)
    }

    @Test func parsesRecordedAddress() throws {
        let message = try #require(try parser.parseMessage(RecordedMessages.addressV0))
        #expect(
            message.payload
                == .newAddress(
                    NetlinkAddress(
                        family: 2,
                        prefixLength: 24,
                        flags: 0x80,
                        scope: 0,
                        interfaceIndex: 3,
                        address: [10, 200, 0, 1],
                        local: [10, 200, 0, 1],
                        label: "v0"
                    )
                )
        )
    }

    @Test func parsesRecordedDefaultRoute() throws {
        let message = try #require(try parser.parseMessage(RecordedMessages.defaultRouteV0))
        #expect(message.type == 24)
        #expect(message.flags == 0x0600)  // NLM_F_CREATE | NLM_F_EXCL, as `ip route add` sent them
        #expect(message.sequence == 0x6B03_74B9)
        let expected = NetlinkRoute(
            family: 2,
            destinationLength: 0,
            table: 254,
            routingProtocol: 3,
            scope: 0,
            type: 1,
            gateway: [10, 200, 0, 2],
            outputInterface: 3
        )
        #expect(message.payload == .newRoute(expected))
        #expect(expected.isDefault)
    }

    @Test func parsesRecordedIPv6MulticastRouteAsNonDefaultLocalTableRoute() throws {
        let message = try #require(try parser.parseMessage(RecordedMessages.ipv6MulticastRouteV0))
        guard case .newRoute(let route) = message.payload else {
            Issue.record("expected a new route, got \(message.payload)")
            return
        }
        #expect(route.family == 10)
        #expect(route.destinationLength == 8)
        #expect(route.table == 255)
        #expect(route.type == 5)
        #expect(route.priority == 256)
        #expect(route.outputInterface == 3)
        #expect(route.destination == [0xFF] + [UInt8](repeating: 0, count: 15))
        #expect(!route.isDefault)
    }

    @Test func parsesADatagramOfSeveralRecordedMessages() {
        let datagram = RecordedMessages.linkV0Up + RecordedMessages.addressV0 + RecordedMessages.defaultRouteV0
        let types = parser.parseMessages(datagram).map { try? $0.get().type }
        #expect(types == [16, 20, 24])
    }

    // MARK: - Control messages and unknown types

    @Test func parsesDoneAndErrorAndAcknowledgement() throws {
        let done = B.message(type: 3, flags: 2, sequence: 7, body: B.le(Int32(0)))
        let error = B.message(type: 2, sequence: 8, body: B.le(Int32(-16)) + [UInt8](repeating: 0, count: 16))
        let ack = B.message(type: 2, sequence: 9, body: B.le(Int32(0)) + [UInt8](repeating: 0, count: 16))
        #expect(try parser.parseMessage(done) == NetlinkMessage(type: 3, flags: 2, sequence: 7, payload: .done))
        #expect(try parser.parseMessage(error)?.payload == .error(code: 16))  // EBUSY
        #expect(try parser.parseMessage(ack)?.payload == .error(code: 0))
    }

    @Test func skipsUnknownMessageTypes() throws {
        let neighbour = B.message(type: 28, body: [UInt8](repeating: 0, count: 12))  // RTM_NEWNEIGH
        #expect(try parser.parseMessage(neighbour) == nil)
        let results = parser.parseMessages(neighbour + RecordedMessages.defaultRouteV0 + neighbour)
        #expect(results.count == 1)
        #expect((try? results.first?.get())?.type == 24)
    }

    @Test func parsesMultipathNexthops() throws {
        let nexthops = B.le(UInt16(8)) + [0, 0] + B.le(Int32(4)) + B.le(UInt16(8)) + [0, 0] + B.le(Int32(5))
        let bytes = B.message(type: 24, body: B.routeHeader() + B.attribute(9, nexthops))
        guard case .newRoute(let route) = try parser.parseMessage(bytes)?.payload else {
            Issue.record("expected a route")
            return
        }
        #expect(route.nexthopInterfaces == [4, 5])
        #expect(route.outputInterface == nil)
        #expect(route.interfaces == [4, 5])
    }

    @Test func rtaTableOverridesTheHeaderTable() throws {
        let bytes = B.message(type: 24, body: B.routeHeader(table: 252) + B.attribute(15, B.le(UInt32(1000))))
        guard case .newRoute(let route) = try parser.parseMessage(bytes)?.payload else {
            Issue.record("expected a route")
            return
        }
        #expect(route.table == 1000)
    }

    // MARK: - Malformed input

    @Test(arguments: 0..<16)
    func rejectsATruncatedHeader(length: Int) {
        let bytes = Array(RecordedMessages.defaultRouteV0.prefix(length))
        #expect(throws: NetlinkParseError.truncatedHeader(available: length)) { try parser.parseMessage(bytes) }
    }

    @Test func rejectsAMessageLongerThanTheBuffer() {
        let bytes = Array(RecordedMessages.defaultRouteV0.dropLast(4))
        #expect(throws: NetlinkParseError.invalidMessageLength(declared: 52, available: 48)) {
            try parser.parseMessage(bytes)
        }
    }

    @Test func rejectsAMessageLengthShorterThanTheHeader() {
        let bytes = B.message(type: 24, length: 8, body: B.routeHeader())
        #expect(throws: NetlinkParseError.invalidMessageLength(declared: 8, available: 28)) {
            try parser.parseMessage(bytes)
        }
    }

    @Test func rejectsABodyTooShortForItsFixedHeader() {
        let bytes = B.message(type: 24, body: [2, 0, 0, 0, 254, 0, 0, 1])
        #expect(throws: NetlinkParseError.truncatedPayload(messageType: 24, required: 12, available: 8)) {
            try parser.parseMessage(bytes)
        }
        let error = B.message(type: 2, body: [0, 0])
        #expect(throws: NetlinkParseError.truncatedPayload(messageType: 2, required: 4, available: 2)) {
            try parser.parseMessage(error)
        }
    }

    @Test func rejectsAnAttributeThatOverrunsTheMessage() {
        let bytes = B.message(type: 24, body: B.routeHeader() + B.attribute(4, B.le(Int32(3)), length: 40))
        #expect(
            throws: NetlinkParseError.malformedAttribute(messageType: 24, offset: 12, declaredLength: 40, available: 8)
        ) {
            try parser.parseMessage(bytes)
        }
    }

    @Test func rejectsAnAttributeShorterThanItsHeader() {
        let bytes = B.message(type: 16, body: B.linkHeader(index: 2, flags: 1) + B.le(UInt16(2)) + B.le(UInt16(3)))
        #expect(
            throws: NetlinkParseError.malformedAttribute(messageType: 16, offset: 16, declaredLength: 2, available: 4)
        ) {
            try parser.parseMessage(bytes)
        }
    }

    @Test func rejectsACutOffAttributeHeader() {
        let bytes = B.message(type: 20, body: B.addressHeader(prefixLength: 24, index: 2) + [8, 0])
        #expect(
            throws: NetlinkParseError.malformedAttribute(messageType: 20, offset: 8, declaredLength: 0, available: 2)
        ) {
            try parser.parseMessage(bytes)
        }
    }

    @Test func rejectsAnAttributeOfTheWrongSize() {
        let bytes = B.message(type: 24, body: B.routeHeader() + B.attribute(4, [3, 0]))
        #expect(throws: NetlinkParseError.invalidAttributeValue(messageType: 24, attributeType: 4, length: 2)) {
            try parser.parseMessage(bytes)
        }
        let address = B.message(type: 20, body: B.addressHeader(prefixLength: 24, index: 2) + B.attribute(1, [10, 0]))
        #expect(throws: NetlinkParseError.invalidAttributeValue(messageType: 20, attributeType: 1, length: 2)) {
            try parser.parseMessage(address)
        }
    }

    @Test func rejectsUnsupportedFamilies() {
        let bridgePort = B.message(type: 17, body: B.linkHeader(family: 7, index: 3, flags: 0))
        #expect(throws: NetlinkParseError.unsupportedFamily(messageType: 17, family: 7)) {
            try parser.parseMessage(bridgePort)
        }
        let multicastRoute = B.message(type: 24, body: B.routeHeader(family: 128))
        #expect(throws: NetlinkParseError.unsupportedFamily(messageType: 24, family: 128)) {
            try parser.parseMessage(multicastRoute)
        }
        let address = B.message(type: 20, body: B.addressHeader(family: 0, prefixLength: 0, index: 1))
        #expect(throws: NetlinkParseError.unsupportedFamily(messageType: 20, family: 0)) {
            try parser.parseMessage(address)
        }
    }

    @Test func aMalformedMessageBetweenTwoGoodOnesOnlyLosesItself() throws {
        let bad = B.message(
            type: 20,
            body: B.addressHeader(prefixLength: 24, index: 3) + B.attribute(1, [1], length: 64)
        )
        let results = parser.parseMessages(RecordedMessages.defaultRouteV0 + bad + RecordedMessages.linkV0Up)
        try #require(results.count == 3)
        #expect((try? results[0].get())?.type == 24)
        #expect(
            throws: NetlinkParseError.malformedAttribute(messageType: 20, offset: 8, declaredLength: 64, available: 8)
        ) {
            try results[1].get()
        }
        guard case .newLink(let link) = try results[2].get().payload else {
            Issue.record("expected the link after the bad message")
            return
        }
        #expect(link.name == "v0")
    }

    @Test func aFramingErrorEndsTheDatagramAfterTheGoodMessages() {
        let garbage = B.le(UInt32(4096)) + [UInt8](repeating: 0xAB, count: 20)
        let results = parser.parseMessages(RecordedMessages.addressV0 + garbage)
        #expect(results.count == 2)
        #expect((try? results[0].get())?.type == 20)
        #expect(throws: NetlinkParseError.invalidMessageLength(declared: 4096, available: 24)) { try results[1].get() }
    }

    @Test func everyTruncationOfARecordedLinkFailsCleanly() {
        let link = RecordedMessages.linkV0Up
        for length in 1..<link.count {
            // As received: the header still claims 1492 bytes.
            let cut = Array(link.prefix(length))
            let results = parser.parseMessages(cut)
            #expect(results.count == 1 && (try? results[0].get()) == nil, "prefix of \(length) bytes")
            guard length >= 16 else { continue }
            // Re-framed: nlmsg_len says `length`, so the body or an attribute is what is cut.
            var reframed = cut
            reframed.replaceSubrange(0..<4, with: B.le(UInt32(length)))
            switch Result(catching: { () throws(NetlinkParseError) in try parser.parseMessage(reframed) }) {
            case .success(let message):
                // Cut exactly between two attributes: a valid, shorter message about the same link.
                guard case .newLink(let parsed) = message?.payload else {
                    Issue.record("prefix of \(length) bytes parsed as \(String(describing: message))")
                    continue
                }
                #expect(parsed.index == 3)
            case .failure(.truncatedPayload):
                #expect(length < 32, "prefix of \(length) bytes")
            case .failure(.malformedAttribute), .failure(.invalidAttributeValue):
                #expect(length >= 32, "prefix of \(length) bytes")
            case .failure(let error):
                Issue.record("prefix of \(length) bytes: unexpected \(error)")
            }
        }
    }

    @Test func errorsDescribeThemselves() {
        let error = NetlinkParseError.malformedAttribute(messageType: 24, offset: 12, declaredLength: 40, available: 8)
        #expect("\(error)" == "netlink message type 24: attribute at offset 12 declares 40 bytes, 8 left")
    }

    // MARK: - Requests

    @Test func encodesADumpRequest() {
        let bytes = NetlinkRequest.dump(.routes, sequence: 0x0102_0304)
        #expect(
            bytes
                == [28, 0, 0, 0, 26, 0, 0x01, 0x03, 4, 3, 2, 1, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 12)
        )
        #expect(NetlinkRequest.dump(.links, sequence: 1).count == 32)
        #expect(NetlinkRequest.dump(.addresses, sequence: 1).count == 24)
    }
}
