import HearthFirestore
import Testing

@testable import HearthServer

/// Resume tokens round-trip, and anything else is recognised as not one (the target is reset).
@Suite struct ListenResumeTokenTests {
    @Test(arguments: [
        Timestamp(seconds: 0, nanos: 0), Timestamp(seconds: 1_764_000_000, nanos: 123_456_789), Timestamp.min, Timestamp.max,
    ])
    func roundTrips(time: Timestamp) {
        let token = ListenResumeToken.encode(time)
        #expect(token.count == 16)
        #expect(ListenResumeToken.decode(token) == time)
    }

    @Test(arguments: [
        [UInt8](), Array("HRT1".utf8), Array("from another server".utf8),
        Array("HRT1".utf8) + [0, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF],  // nanos out of range
        Array("XXXX".utf8) + [UInt8](repeating: 0, count: 12),
    ])
    func rejectsWhatIsNotAToken(bytes: [UInt8]) {
        #expect(ListenResumeToken.decode(bytes) == nil)
    }
}
