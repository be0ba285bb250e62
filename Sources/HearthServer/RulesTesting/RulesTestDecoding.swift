import HearthJSON

/// What the decoders of both kinds of rules test files share: strict readers of JSON members,
/// of the `cases` list (names, unique; the other members of a case are the decoder's) and of
/// `auth`, whose errors name the file, the case and the member
/// (`a.test.json: error: case "reads": query.limitToLast: …`), so a typo such as `"expected"`
/// for `"expect"` fails loudly instead of testing nothing.
protocol RulesTestDecoding {
    /// A decoded case of this kind of file.
    associatedtype Case
    /// The test file as named on the command line.
    var file: String { get }
    /// The case being decoded, named in every error.
    var caseName: String? { get set }
    /// The project of `auth`'s token (`aud`, `iss`).
    var project: String { get }
    /// The members a case may have (`name` among them).
    static var caseMembers: [String] { get }
    /// Decodes a case's members other than `name` (already read, and named in errors).
    func testCase(_ object: JSONObject, named name: String) throws(RulesTestFileError) -> Case
}

extension RulesTestDecoding {
    /// `cases`: a non-empty array of cases with unique, non-empty names.
    mutating func cases(_ json: JSONValue?) throws(RulesTestFileError) -> [Case] {
        let items = try self.array(json, at: "cases")
        if items.isEmpty { throw self.failure("cases", "a test file needs at least one case") }
        var cases: [Case] = []
        var names: Set<String> = []
        for (index, item) in items.enumerated() {
            let location = "cases[\(index)]"
            // Name the case in errors about its other members, even before they are checked.
            if case .object(let object) = item, case .string(let name)? = object["name"] { self.caseName = name } else { self.caseName = nil }
            let object = try self.object(item, at: location, allowing: Self.caseMembers)
            let name = try self.string(object["name"], at: "\(location).name")
            if name.isEmpty { throw self.failure("\(location).name", "a case needs a non-empty name") }
            self.caseName = name
            let testCase = try self.testCase(object, named: name)
            self.caseName = nil
            guard names.insert(name).inserted else {
                throw self.failure("\(location).name", "another case has the same name")
            }
            cases.append(testCase)
        }
        return cases
    }

    /// The error for `location` (a member path such as `cases[2].data.title`).
    func failure(_ location: String, _ message: String) -> RulesTestFileError {
        let inCase = self.caseName.map { "case \"\($0)\": " } ?? ""
        return RulesTestFileError("\(self.file): error: \(inCase)\(location): \(message)")
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

    /// The case's `expect`: `"allow"` or `"deny"`.
    func verdict(_ json: JSONValue?) throws(RulesTestFileError) -> RulesTestVerdict {
        let text = try self.string(json, at: "expect")
        guard let verdict = RulesTestVerdict(rawValue: text) else {
            throw self.failure("expect", "expected \"allow\" or \"deny\", found \"\(text)\"")
        }
        return verdict
    }

    /// `auth`: absent or null → unauthenticated; `"alice"` → uid alice; `{"uid": "alice",
    /// "claims": {…}}` → uid alice with custom claims. Users get the claims of a `hearth token`
    /// token (`sub`, `user_id`, `firebase.sign_in_provider` …) plus these.
    func identity(_ json: JSONValue?) throws(RulesTestFileError) -> Identity {
        let uid: String
        var extra = JSONObject([])
        switch json {
        case nil, .null?:
            return .anonymous
        case .string(let text)?:
            uid = text
        default:
            let auth = try self.object(json, at: "auth", allowing: ["uid", "claims"])
            uid = try self.string(auth["uid"], at: "auth.uid")
            if let claims = auth["claims"] {
                guard case .object(let object) = claims else {
                    throw self.failure("auth.claims", "expected an object of claims, found \(claims.typeName)")
                }
                extra = object
            }
        }
        do {
            return .user(uid: uid, claims: try UnsignedIDToken.claims(uid: uid, project: self.project, extra: extra))
        } catch {
            throw self.failure("auth", error.message)
        }
    }
}
