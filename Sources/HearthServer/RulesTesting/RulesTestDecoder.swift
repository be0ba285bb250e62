import HearthFirestore
import HearthJSON

/// Turns a test file's JSON into a `RulesTestFile`, strictly: unknown members, wrong types and
/// invalid paths are errors naming the file, the case and the member, so a typo such as
/// `"expected"` for `"expect"` fails loudly instead of testing nothing.
struct RulesTestDecoder {
    let file: String
    /// The database references (`{"__ref__": …}`) point into.
    var database: DatabaseID
    /// The case being decoded, named in every error.
    var caseName: String?

    init(file: String) {
        self.file = file
        self.database = try! DatabaseID(project: "demo-hearth")
    }

    /// The error for `location` (a member path such as `cases[2].data.title`).
    func failure(_ location: String, _ message: String) -> RulesTestFileError {
        let inCase = self.caseName.map { "case \"\($0)\": " } ?? ""
        return RulesTestFileError("\(self.file): error: \(inCase)\(location): \(message)")
    }

    /// Runs a store-level parse (paths, queries, timestamps), reporting its error at `location`.
    func attempt<T>(_ location: String, _ body: () throws(FirestoreError) -> T) throws(RulesTestFileError) -> T {
        do {
            return try body()
        } catch {
            throw self.failure(location, error.message)
        }
    }

    /// An object with only `allowed` members (each at most once).
    func object(_ json: JSONValue?, at location: String, allowing allowed: [String]) throws(RulesTestFileError) -> JSONObject {
        guard case .object(let object)? = json else {
            throw self.failure(location, "expected an object, found \(json?.typeName ?? "nothing")")
        }
        if let duplicate = object.firstDuplicateKey {
            throw self.failure(location, "\"\(duplicate)\" appears twice")
        }
        for key in object.keys where !allowed.contains(key) {
            throw self.failure(location, "unknown member \"\(key)\" (expected one of \(allowed.joined(separator: ", ")))")
        }
        return object
    }

    func string(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> String {
        guard case .string(let text)? = json else {
            throw self.failure(location, "expected a string, found \(json?.typeName ?? "nothing")")
        }
        return text
    }

    func array(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> [JSONValue] {
        guard case .array(let items)? = json else {
            throw self.failure(location, "expected an array, found \(json?.typeName ?? "nothing")")
        }
        return items
    }

    func bool(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> Bool {
        guard let json else { return false }
        guard case .bool(let flag) = json else { throw self.failure(location, "expected true or false, found \(json.typeName)") }
        return flag
    }

    func integer(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> Int? {
        guard let json, !json.isNull else { return nil }
        guard case .number(let number) = json, let value = number.int64Value, value >= 0, value <= Int32.max else {
            throw self.failure(location, "expected a non-negative integer, found \(json.serializedString())")
        }
        return Int(value)
    }

    // MARK: The file

    mutating func file(_ json: JSONValue) throws(RulesTestFileError) -> RulesTestFile {
        let top = try self.object(json, at: "the file", allowing: ["description", "rules", "project", "seed", "cases"])
        let rules = try self.string(top["rules"], at: "rules")
        if let project = top["project"] {
            let name = try self.string(project, at: "project")
            self.database = try self.attempt("project") { () throws(FirestoreError) in try DatabaseID(project: name) }
        }
        let seed = try self.seed(top["seed"], at: "seed")
        let items = try self.array(top["cases"], at: "cases")
        if items.isEmpty { throw self.failure("cases", "a test file needs at least one case") }
        var cases: [RulesTestCase] = []
        var names: Set<String> = []
        for (index, item) in items.enumerated() {
            let testCase = try self.testCase(item, at: "cases[\(index)]")
            guard names.insert(testCase.name).inserted else {
                throw self.failure("cases[\(index)].name", "another case has the same name")
            }
            cases.append(testCase)
        }
        return RulesTestFile(
            path: self.file, rulesPath: RulesTestFile.resolve(rules, against: self.file), database: self.database, seed: seed, cases: cases)
    }

    /// `{"collection/doc": {fields…}, …}`: set writes, in file order.
    func seed(_ json: JSONValue?, at location: String) throws(RulesTestFileError) -> [Write] {
        guard let json else { return [] }
        guard case .object(let documents) = json else {
            throw self.failure(location, "expected an object mapping document paths to their fields, found \(json.typeName)")
        }
        var writes: [Write] = []
        for member in documents {
            let here = "\(location)[\"\(member.key)\"]"
            let path = try self.documentPath(member.key, at: here)
            let fields = try self.fields(member.value, at: here, as: .set)
            writes.append(Write(path: path, operation: .update(fields: fields.map, mask: nil), transforms: fields.transforms))
        }
        return writes
    }

    func documentPath(_ text: String, at location: String) throws(RulesTestFileError) -> DocumentPath {
        try self.attempt(location) { () throws(FirestoreError) in try DocumentPath(parsing: text) }
    }
}
