import HearthCore
/// Timestamp methods, all in UTC. `dayOfWeek()` is 1–7 with Monday = 1 (ISO-8601; the docs
/// only say "1 to 7"), `dayOfYear()` is 1–366, `time()` is the duration since midnight.
enum TimestampFunctions {
    static let methods: [String: ClosedRange<Int>] = [
        "date": 0...0, "year": 0...0, "month": 0...0, "day": 0...0, "hours": 0...0, "minutes": 0...0,
        "seconds": 0...0, "nanos": 0...0, "dayOfWeek": 0...0, "dayOfYear": 0...0, "time": 0...0, "toMillis": 0...0,
    ]

    static func call(_ t: RuleTimestamp, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard Self.methods[name] != nil else { return nil }
        guard args.isEmpty else { return FunctionSupport.arityError(name, expected: "0", got: args.count, node: node) }
        let days = CivilCalendar.floorDivide(t.seconds, 86_400)
        let secondOfDay = t.seconds - days * 86_400
        let (y, m, d) = CivilCalendar.date(days: days)
        switch name {
        case "date": return .timestamp(RuleTimestamp(seconds: days * 86_400))
        case "year": return .int(y)
        case "month": return .int(m)
        case "day": return .int(d)
        case "hours": return .int(secondOfDay / 3600)
        case "minutes": return .int(secondOfDay % 3600 / 60)
        case "seconds": return .int(secondOfDay % 60)
        case "nanos": return .int(Int64(t.nanos))
        case "dayOfWeek":
            // 1970-01-01 was a Thursday (ISO 4).
            let iso = ((days % 7) + 7 + 3) % 7 + 1
            return .int(iso)
        case "dayOfYear": return .int(days - CivilCalendar.days(year: y, month: 1, day: 1) + 1)
        case "time": return .duration(RuleDuration(seconds: secondOfDay, nanos: t.nanos))
        default:
            let (ms, overflow) = t.seconds.multipliedReportingOverflow(by: 1000)
            return overflow ? .error("Integer overflow.", node: node) : .int(ms + Int64(t.nanos) / 1_000_000)
        }
    }
}
