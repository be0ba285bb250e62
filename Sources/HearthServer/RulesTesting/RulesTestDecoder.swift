import HearthFirestore
import HearthJSON

/// Turns a Firestore test file's JSON into a `RulesTestFile`, strictly: unknown members, wrong
/// types and invalid paths are errors naming the file, the case and the member (the readers
/// shared with the Realtime Database decoder are in ``RulesTestDecoding``).
struct RulesTestDecoder: RulesTestDecoding {
    let file: String
    /// The database references (`{"__ref__": …}`) point into.
    var database: DatabaseID
    /// The case being decoded, named in every error.
    var caseName: String?

    init(file: String) {
        self.file = file
        self.database = try! DatabaseID(project: "demo-hearth")
    }

    var project: String { self.database.project }

    /// Runs a store-level parse (paths, queries, timestamps), reporting its error at `location`.
    func attempt<T>(_ location: String, _ body: () throws(FirestoreError) -> T) throws(RulesTestFileError) -> T {
        do {
            return try body()
        } catch {
            throw self.failure(location, error.message)
        }
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
        let cases = try self.cases(top["cases"])
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
