import HearthFirestore
import Testing

@Suite("Timestamp")
struct TimestampTests {
    /// Input text, expected seconds and nanos.
    static let parses: [(String, Int64, Int32)] = [
        ("1970-01-01T00:00:00Z", 0, 0),
        ("1970-01-01t00:00:00z", 0, 0),
        ("1970-01-01T00:00:00.5Z", 0, 500_000_000),
        ("1970-01-01T00:00:00.123456789Z", 0, 123_456_789),
        ("1970-01-01T00:00:00.000000001Z", 0, 1),
        ("1969-12-31T23:59:59.999999999Z", -1, 999_999_999),
        ("2024-02-29T12:34:56Z", 1_709_210_096, 0),
        ("2000-03-01T00:00:00Z", 951_868_800, 0),
        ("1900-03-01T00:00:00Z", -2_203_891_200, 0),
        ("2024-01-01T01:00:00+01:00", 1_704_067_200, 0),
        ("2023-12-31T19:00:00-05:00", 1_704_067_200, 0),
        ("2024-01-01T05:30:00.25+05:30", 1_704_067_200, 250_000_000),
        ("2024-01-01T00:00:00+00:00", 1_704_067_200, 0),
        ("0001-01-01T00:00:00Z", -62_135_596_800, 0),
        ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999),
        ("0001-01-01T01:00:00+01:00", -62_135_596_800, 0),
    ]

    @Test(arguments: parses)
    func parsesRFC3339(_ text: String, _ seconds: Int64, _ nanos: Int32) throws {
        let timestamp = try Timestamp(rfc3339: text)
        #expect(timestamp.seconds == seconds)
        #expect(timestamp.nanos == nanos)
    }

    static let invalid: [String] = [
        "", "2024-01-01", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z", "2024-1-01T00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00.1234567890Z", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00Zjunk", "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01",
        "10000-01-01T00:00:00Z", "9999-12-31T23:59:59-00:01", "２０２４-01-01T00:00:00Z",
    ]

    @Test(arguments: invalid)
    func rejectsInvalid(_ text: String) {
        #expect {
            try Timestamp(rfc3339: text)
        } throws: { error in
            (error as? FirestoreError)?.code == .invalidArgument
        }
    }

    /// seconds, nanos, formatted.
    static let formats: [(Int64, Int32, String)] = [
        (0, 0, "1970-01-01T00:00:00Z"),
        (0, 100_000_000, "1970-01-01T00:00:00.100Z"),
        (0, 123_000_000, "1970-01-01T00:00:00.123Z"),
        (0, 123_400_000, "1970-01-01T00:00:00.123400Z"),
        (0, 123_456_000, "1970-01-01T00:00:00.123456Z"),
        (0, 123_456_700, "1970-01-01T00:00:00.123456700Z"),
        (0, 1, "1970-01-01T00:00:00.000000001Z"),
        (0, 1000, "1970-01-01T00:00:00.000001Z"),
        (-1, 0, "1969-12-31T23:59:59Z"),
        (1_709_210_096, 0, "2024-02-29T12:34:56Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        (253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
        (951_782_400, 0, "2000-02-29T00:00:00Z"),
    ]

    @Test(arguments: formats)
    func formatsRFC3339(_ seconds: Int64, _ nanos: Int32, _ text: String) throws {
        let timestamp = Timestamp(seconds: seconds, nanos: nanos)
        #expect(timestamp.rfc3339 == text)
        #expect(try Timestamp(rfc3339: text) == timestamp)
    }

    /// Outside Firestore's range (never stored, but a readTime in an error message may be):
    /// written as the calendar gives it, every digit, whatever the year's length.
    @Test func formatsYearsOutsideTheRangeAsTheyAre() {
        #expect(Timestamp(seconds: 253_402_300_800, nanos: 0).rfc3339 == "10000-01-01T00:00:00Z")
        #expect(Timestamp(seconds: -62_135_596_801, nanos: 5).rfc3339 == "0000-12-31T23:59:59.000000005Z")
        let farthest = Timestamp(seconds: Int64.max / 2, nanos: 999_999_999).rfc3339
        #expect(farthest.hasSuffix(".999999999Z"))
        #expect(farthest.count > 30)
    }

    @Test func roundTripsEveryDayAcrossCenturies() throws {
        // Every 97th day from year 1 to 9999: format then parse must be the identity.
        var day: Int64 = -719_162
        while day < 2_932_896 {
            let timestamp = Timestamp(seconds: day * 86_400 + 3723, nanos: 0)
            #expect(try Timestamp(rfc3339: timestamp.rfc3339) == timestamp)
            day += 97
        }
    }

    @Test func normalizesNanos() {
        #expect(Timestamp(seconds: 1, nanos: 1_500_000_000) == Timestamp(seconds: 2, nanos: 500_000_000))
        #expect(Timestamp(seconds: 1, nanos: -1) == Timestamp(seconds: 0, nanos: 999_999_999))
        #expect(Timestamp(seconds: 0, nanos: -1_000_000_000) == Timestamp(seconds: -1, nanos: 0))
    }

    @Test func truncatesToMicroseconds() throws {
        let parsed = try Timestamp(rfc3339: "2024-01-01T00:00:00.123456789Z")
        #expect(parsed.truncatedToMicroseconds().nanos == 123_456_000)
        #expect(parsed.truncatedToMicroseconds().rfc3339 == "2024-01-01T00:00:00.123456Z")
        let negative = try Timestamp(rfc3339: "1969-12-31T23:59:59.999999999Z")
        #expect(negative.truncatedToMicroseconds() == Timestamp(seconds: -1, nanos: 999_999_000))
    }

    @Test func microseconds() {
        #expect(Timestamp(seconds: 1, nanos: 2500).microsecondsSinceEpoch == 1_000_002)
        #expect(Timestamp(seconds: -1, nanos: 999_999_000).microsecondsSinceEpoch == -1)
        #expect(Timestamp(microsecondsSinceEpoch: -1) == Timestamp(seconds: -1, nanos: 999_999_000))
        #expect(Timestamp(microsecondsSinceEpoch: 1_000_002) == Timestamp(seconds: 1, nanos: 2000))
        #expect(Timestamp.max.truncatedToMicroseconds().microsecondsSinceEpoch == 253_402_300_799_999_999)
        #expect(Timestamp(microsecondsSinceEpoch: Timestamp.min.microsecondsSinceEpoch) == .min)
    }

    @Test func ordering() {
        #expect(Timestamp.min < Timestamp(seconds: 0))
        #expect(Timestamp(seconds: 0, nanos: 1) < Timestamp(seconds: 0, nanos: 2))
        #expect(Timestamp(seconds: -1, nanos: 999_999_999) < Timestamp(seconds: 0))
        #expect(Timestamp.now() > Timestamp(seconds: 1_700_000_000))
        #expect(Timestamp.now().isInFirestoreRange)
    }
}
