import HearthDatabase
import HearthJSON

/// Turns a Realtime Database test file's JSON into a `DatabaseRulesTestFile`, as strictly as
/// the Firestore decoder: unknown members, wrong types, invalid paths, data the REST API would
/// refuse and queries it would refuse are errors naming the file, the case and the member.
struct DatabaseRulesTestDecoder: RulesTestDecoding {
    let file: String
    var caseName: String?
    var project = "demo-hearth"

    init(file: String) {
        self.file = file
    }

    /// Runs a parse of the REST layer (paths, values, updates, queries), reporting its error,
    /// with Firebase's text, at `location`.
    func attempt<T>(_ location: String, _ body: () throws(DatabaseError) -> T) throws(RulesTestFileError) -> T {
        do {
            return try body()
        } catch {
            throw self.failure(location, error.message)
        }
    }

    mutating func file(_ json: JSONValue) throws(RulesTestFileError) -> DatabaseRulesTestFile {
        let top = try self.object(json, at: "the file", allowing: ["description", "database", "project", "now", "seed", "cases"])
        let rules = try self.string(top["database"], at: "database")
        if let project = top["project"] {
            self.project = try self.string(project, at: "project")
            if self.project.isEmpty { throw self.failure("project", "expected a project ID such as \"demo-hearth\"") }
        }
        let now = try self.milliseconds(top["now"], at: "now")
        let seed = try top["seed"].map { (json: JSONValue) throws(RulesTestFileError) in try self.data(json, at: "seed") }
        let cases = try self.cases(top["cases"])
        return DatabaseRulesTestFile(
            path: self.file, rulesPath: RulesTestFile.resolve(rules, against: self.file), project: self.project, now: now, seed: seed,
            cases: cases)
    }

    /// A value to write (a seed, a set's or a push's `value`), checked as the REST API checks a
    /// body: keys, depth, server values.
    func data(_ json: JSONValue, at location: String) throws(RulesTestFileError) -> DatabaseWriteData {
        let expanded = try self.expand(json, at: location)
        return try self.attempt(location) { () throws(DatabaseError) in try DatabaseWriteData(json: expanded) }
    }

    /// `json` with every `{"__repeat__": [text, count]}` replaced by `text` repeated `count`
    /// times, for long strings (`"__repeat__"` is a valid RTDB key, but no test needs it as one).
    func expand(_ json: JSONValue, at location: String) throws(RulesTestFileError) -> JSONValue {
        switch json {
        case .object(let object):
            if object.count == 1, let member = object.members.first, member.key == "__repeat__" {
                guard case .array(let pair) = member.value, pair.count == 2, case .string(let text) = pair[0],
                    case .number(let count) = pair[1], let times = count.int64Value, times >= 0, times <= 10_485_760
                else { throw self.failure("\(location).__repeat__", "expected [text, count], e.g. [\"a\", 1001]") }
                return .string(String(repeating: text, count: Int(times)))
            }
            var members: [JSONObject.Member] = []
            for member in object {
                members.append(JSONObject.Member(key: member.key, value: try self.expand(member.value, at: "\(location).\(member.key)")))
            }
            return .object(JSONObject(members))
        case .array(let items):
            var expanded: [JSONValue] = []
            for (index, item) in items.enumerated() { expanded.append(try self.expand(item, at: "\(location)[\(index)]")) }
            return .array(expanded)
        default:
            return json
        }
    }

    /// `now`: milliseconds since the epoch, a non-negative integer.
    func milliseconds(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> Int64? {
        guard let json else { return nil }
        guard case .number(let number) = json, let value = number.int64Value, value >= 0 else {
            throw self.failure(location, "expected milliseconds since the epoch (e.g. 1750000000000), found \(json.serializedString())")
        }
        return value
    }

    /// A location, `"/messages/c1"` or `"messages/c1"`; `"/"` is the root.
    func path(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> DatabasePath {
        let text = try self.string(json, at: location)
        return try self.attempt(location) { () throws(DatabaseError) in try DatabasePath(text) }
    }
}
