import HearthFirestore
import HearthJSON
import HearthRules

extension RuleValue {
    /// A stored Firestore value as rules see it (Firebase's mapping): integers are `int`,
    /// doubles `float`, references `path` (`/databases/{db}/documents/…`), geo points `latlng`,
    /// arrays `list`, maps `map`. O(size of the value).
    init(_ value: FirestoreValue) {
        switch value {
        case .null: self = .null
        case .boolean(let flag): self = .bool(flag)
        case .integer(let integer): self = .int(integer)
        case .double(let double): self = .float(double)
        case .timestamp(let time): self = .timestamp(RuleTimestamp(seconds: time.seconds, nanos: time.nanos))
        case .string(let string): self = .string(string)
        case .bytes(let bytes): self = .bytes(bytes)
        case .reference(let name): self = .path(RulePath(["databases", name.database.database, "documents"] + name.path.segments))
        case .geoPoint(let point): self = .latlng(latitude: point.latitude, longitude: point.longitude)
        case .array(let values): self = .list(values.map(RuleValue.init))
        case .map(let map): self = .map(map.fields.mapValues(RuleValue.init))
        }
    }

    /// A JSON claim of an ID token as rules see it (`request.auth.token.*`): integral numbers
    /// are `int`, other numbers `float`.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = number.int64Value.map(RuleValue.int) ?? .float(number.doubleValue)
        case .string(let string): self = .string(string)
        case .array(let items): self = .list(items.map(RuleValue.init))
        case .object(let object):
            var fields: [String: RuleValue] = [:]
            for member in object { fields[member.key] = RuleValue(member.value) }
            self = .map(fields)
        }
    }
}

extension RuleDocument {
    /// `resource` / `get()` for a stored document of `database`.
    init(_ document: Document, in database: DatabaseID) {
        self.init(databaseID: database.database, path: document.path.segments, fields: document.fields.fields.mapValues(RuleValue.init))
    }
}

extension RequestAuth {
    /// `request.auth` for an identity: nil for anonymous callers (and for `owner`, which
    /// bypasses rules entirely and is never evaluated).
    init?(_ identity: Identity) {
        guard case .user(let uid, let claims) = identity else { return nil }
        var token: [String: RuleValue] = [:]
        for member in claims { token[member.key] = RuleValue(member.value) }
        self.init(uid: uid, token: token)
    }
}
