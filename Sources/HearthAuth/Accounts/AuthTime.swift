import HearthCore

/// `lastRefreshAt`'s RFC 3339 text (`2026-11-24T07:10:43.123Z`, what the emulator writes with
/// `Date.toISOString()`), both ways. Pure arithmetic on the civil calendar; O(1).
enum AuthTime {
    static func rfc3339(_ milliseconds: Int64) -> String {
        let days = CivilCalendar.floorDivide(milliseconds, 86_400_000)
        let rest = milliseconds - days * 86_400_000
        let (year, month, day) = CivilCalendar.date(days: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600_000, 2)):\(pad(rest / 60_000 % 60, 2)):"
            + "\(pad(rest / 1000 % 60, 2)).\(pad(rest % 1000, 3))Z"
    }

    /// Epoch milliseconds of `YYYY-MM-DDTHH:MM:SS[.fff…]Z`; nil for any other text.
    static func milliseconds(rfc3339 text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var millis: Int64 = 0
        if bytes.count > 21, bytes[19] == UInt8(ascii: ".") {
            let digits = bytes[20..<(bytes.count - 1)].prefix(3)
            guard let fraction = number(20..<(20 + digits.count)) else { return nil }
            millis = fraction * [100, 10, 1][digits.count - 1]
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    }
}
