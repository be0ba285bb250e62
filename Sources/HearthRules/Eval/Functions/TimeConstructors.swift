import HearthCore
/// `timestamp.date(y, m, d)`, `timestamp.value(epochMillis)`, `duration.value(n, unit)`
/// (units `w d h m s ms ns`), `duration.time(h, m, s, ns)`, `duration.abs(d)`.
enum TimeConstructors {
    static func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        func ints() -> [Int64]? {
            var out: [Int64] = []
            for a in args {
                guard case .int(let v) = a else { return nil }
                out.append(v)
            }
            return out
        }
        switch name {
        case "timestamp.date":
            guard let v = ints() else { return FunctionSupport.typeError(name, args, node: node) }
            guard (1...9999).contains(v[0]), (1...12).contains(v[1]), (1...31).contains(v[2]) else {
                return .error("Invalid date: \(v[0])-\(v[1])-\(v[2]).", node: node)
            }
            let days = CivilCalendar.days(year: v[0], month: v[1], day: v[2])
            let (y, m, d) = CivilCalendar.date(days: days)
            guard y == v[0], m == v[1], d == v[2] else { return .error("Invalid date: \(v[0])-\(v[1])-\(v[2]).", node: node) }
            return .timestamp(RuleTimestamp(seconds: days * 86_400))
        case "timestamp.value":
            guard case .int(let ms) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
            let t = RuleTimestamp(millisecondsSince1970: ms)
            return t.isValid ? .timestamp(t) : .error("Timestamp out of range.", node: node)
        case "duration.value":
            guard case .int(let n) = args[0], case .string(let unit) = args[1] else {
                return FunctionSupport.typeError(name, args, node: node)
            }
            let perUnit: (seconds: Int64, nanos: Int64)
            switch unit {
            case "w": perUnit = (604_800, 0)
            case "d": perUnit = (86_400, 0)
            case "h": perUnit = (3600, 0)
            case "m": perUnit = (60, 0)
            case "s": perUnit = (1, 0)
            case "ms": perUnit = (0, 1_000_000)
            case "ns": perUnit = (0, 1)
            default: return .error("Invalid duration unit '\(unit)'.", node: node)
            }
            if perUnit.seconds > 0 {
                let (s, overflow) = n.multipliedReportingOverflow(by: perUnit.seconds)
                let d = RuleDuration(seconds: s)
                return overflow || !d.isValid ? .error("Duration out of range.", node: node) : .duration(d)
            }
            let total = n.multipliedReportingOverflow(by: perUnit.nanos).partialValue
            return .duration(RuleDuration(seconds: total / 1_000_000_000, nanos: Int32(total % 1_000_000_000)))
        case "duration.time":
            guard let v = ints() else { return FunctionSupport.typeError(name, args, node: node) }
            let limit = RuleDuration.maxSeconds
            guard v[0].magnitude <= UInt64(limit / 3600), v[1].magnitude <= UInt64(limit / 60), v[2].magnitude <= UInt64(limit)
            else { return .error("Duration out of range.", node: node) }
            let seconds = v[0] * 3600 + v[1] * 60 + v[2] + v[3] / 1_000_000_000
            let d = RuleDuration(seconds: seconds, nanos: Int32(v[3] % 1_000_000_000))
            return d.isValid ? .duration(d) : .error("Duration out of range.", node: node)
        case "duration.abs":
            guard case .duration(let d) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
            return .duration(d.seconds < 0 || d.nanos < 0 ? -d : d)
        default:
            return .error("Function not found error: Name: [\(name)].", node: node)
        }
    }
}
