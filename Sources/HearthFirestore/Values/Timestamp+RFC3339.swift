import HearthCore
/// RFC 3339 text, the JSON form of `google.protobuf.Timestamp`.
extension Timestamp {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    ///
    /// Lenient where clients differ: `t` and `z` in lower case, 0–9 fractional digits, any UTC
    /// offset. Strict where proto3 JSON is: four-digit years, real calendar dates, no leap second,
    /// and the result must lie in 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z.
    /// - Throws: INVALID_ARGUMENT quoting the text.
    public init(rfc3339 text: String) throws(FirestoreError) {
        func fail(_ reason: String) -> FirestoreError {
            .invalidArgument("Invalid timestamp \"\(text)\": \(reason).")
        }
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard index < bytes.count, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t")),
            let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else {
            throw fail("expected YYYY-MM-DDTHH:MM:SS[.fraction]Z")
        }
        guard year >= 1, month >= 1, month <= 12, day >= 1,
            day <= CivilCalendar.daysInMonth(year: year, month: month)
        else {
            throw fail("no such date")
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw fail("no such time of day")
        }
        var nanos: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard count < 9 else { throw fail("more than 9 fractional digits") }
                nanos = nanos * 10 + Int64(bytes[index] - 0x30)
                count += 1
                index += 1
            }
            guard count > 0 else { throw fail("expected digits after '.'") }
            for _ in count..<9 { nanos *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if expect(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(UInt8(ascii: ":")), let offsetMinutes = digits(2),
                offsetHours <= 23, offsetMinutes <= 59
            else {
                throw fail("invalid UTC offset (expected ±HH:MM)")
            }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            throw fail("missing time zone (expected 'Z' or ±HH:MM)")
        }
        guard index == bytes.count else {
            throw fail("unexpected characters after the time zone")
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let timestamp = Timestamp(seconds: seconds, nanos: Int32(nanos))
        guard timestamp.isInFirestoreRange else {
            throw fail("outside the range 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z")
        }
        self = timestamp
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff|.ffffff|.fffffffff]Z` in UTC, with the fewest of 0, 3, 6 or 9
    /// fractional digits that is exact, as proto3 JSON serialisers (and Firestore) write it.
    /// Years outside 1–9999 are written as-is (not valid RFC 3339, but never produced by stored data).
    ///
    /// Written straight into the string's own storage (one allocation; the byte list it was built
    /// in before cost a second, twice per document on the REST side).
    public var rfc3339: String {
        let days = self.seconds >= 0 ? self.seconds / 86_400 : (self.seconds - 86_399) / 86_400
        let secondOfDay = self.seconds - days * 86_400
        let date = CivilCalendar.date(days: days)
        // The longest: a sign and 19 digits of year (an Int64 out of range), 26 more bytes.
        return String(unsafeUninitializedCapacity: 48) { out in
            var count = 0
            /// Appends `value` in decimal, zero-padded to `width`, with no intermediate allocation.
            func pad(_ value: Int64, _ width: Int) {
                var remaining = value.magnitude
                var digits = 1
                var probe = remaining
                while probe >= 10 {
                    probe /= 10
                    digits += 1
                }
                if value < 0 {
                    out[count] = UInt8(ascii: "-")
                    count += 1
                }
                let total = Swift.max(width, digits)
                var position = count + total - 1
                for index in count..<(count + total) { out[index] = 0x30 }
                repeat {
                    out[position] = UInt8(remaining % 10) + 0x30
                    remaining /= 10
                    position -= 1
                } while remaining > 0
                count += total
            }
            func append(_ byte: UInt8) {
                out[count] = byte
                count += 1
            }
            pad(date.year, 4)
            append(UInt8(ascii: "-"))
            pad(date.month, 2)
            append(UInt8(ascii: "-"))
            pad(date.day, 2)
            append(UInt8(ascii: "T"))
            pad(secondOfDay / 3600, 2)
            append(UInt8(ascii: ":"))
            pad(secondOfDay / 60 % 60, 2)
            append(UInt8(ascii: ":"))
            pad(secondOfDay % 60, 2)
            let nanos = Int64(self.nanos)
            if nanos != 0 {
                append(UInt8(ascii: "."))
                if nanos % 1_000_000 == 0 {
                    pad(nanos / 1_000_000, 3)
                } else if nanos % 1000 == 0 {
                    pad(nanos / 1000, 6)
                } else {
                    pad(nanos, 9)
                }
            }
            append(UInt8(ascii: "Z"))
            return count
        }
    }
}

extension Timestamp: CustomStringConvertible {
    /// The RFC 3339 form.
    public var description: String { self.rfc3339 }
}
