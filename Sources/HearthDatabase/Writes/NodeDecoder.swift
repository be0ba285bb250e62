import HearthJSON

/// JSON → ``DatabaseNode``, validating as Firebase does (the JS SDK's `validateFirebaseData`
/// and `nodeFromJSON`): keys, `.value` / `.priority` / `.sv`, string size, number range.
///
/// `null`, `{}`, `[]` and objects whose children are all null are the empty node (pruned).
/// Arrays store keys `"0"`, `"1"`, …. Server values are not resolved here: they are lifted out
/// as ``ServerValueSite``s and the template holds nothing at their place, so the store can
/// resolve them later, under its lock, against the current data. Keys are numbered in
/// document order so an invalid one can be located in the body text (``KeyLocator``).
/// Cost: O(size of the JSON), one allocation per object.
struct NodeDecoder {
    enum Failure: Error {
        case invalidKey(ordinal: Int)
        case invalid(DatabaseError)
    }

    /// The largest string Firebase stores (10 MB).
    static let maxStringBytes = 10 * 1024 * 1024

    let allowsServerValues: Bool
    private(set) var sites: [ServerValueSite] = []
    /// Priorities of objects that exist only through server values (see ``DeferredPriority``).
    private(set) var deferredPriorities: [DeferredPriority] = []
    /// The deepest leaf or server value, in levels below the root of the decoded data.
    private(set) var depth = 0
    private var nextKey = 0

    init(allowsServerValues: Bool) {
        self.allowsServerValues = allowsServerValues
    }

    /// Reserves the ordinal of a key the caller reads itself (a PATCH body's top-level keys).
    mutating func takeKeyOrdinal() -> Int {
        defer { self.nextKey += 1 }
        return self.nextKey
    }

    /// Decodes one value on its own (its own server values and depth), continuing the key
    /// numbering: one PATCH entry.
    mutating func decodeEntry(_ json: JSONValue) throws(Failure) -> DatabaseWriteData {
        let (sites, deferredPriorities, depth) = (self.sites, self.deferredPriorities, self.depth)
        defer { (self.sites, self.deferredPriorities, self.depth) = (sites, deferredPriorities, depth) }
        self.sites = []
        self.deferredPriorities = []
        self.depth = 0
        let template = try self.decode(json)
        return DatabaseWriteData(
            template: template, sites: self.sites, deferredPriorities: self.deferredPriorities, depth: self.depth)
    }

    mutating func decode(_ json: JSONValue, at path: [String] = []) throws(Failure) -> DatabaseNode {
        switch json {
        case .null:
            return .empty
        case .bool, .number, .string:
            self.depth = max(self.depth, path.count)
            return DatabaseNode(try Self.leaf(json), priority: nil)
        case .array(let elements):
            var children = DatabaseChildren()
            for (index, element) in elements.enumerated() {
                let key = String(index)
                let node = try self.decode(element, at: path + [key])
                if !node.isEmpty { children.appendSorted(ChildKey(key), node) }
            }
            return DatabaseNode(children: children)
        case .object(let object):
            return try self.decode(object, at: path)
        }
    }

    private mutating func decode(_ object: JSONObject, at path: [String]) throws(Failure) -> DatabaseNode {
        let sitesBefore = self.sites.count
        var children = DatabaseChildren()
        var hasRealChild = false
        var dotValue: DatabaseNode?
        var serverValue: ServerValue?
        var priority: DatabasePriority?
        var priorityServerValue: ServerValue?
        for member in object {
            let ordinal = self.nextKey
            self.nextKey += 1
            switch member.key {
            case ".priority":
                (priority, priorityServerValue) = try self.decodePriority(member.value)
            case ".value":
                let node = try self.decode(member.value, at: path)
                dotValue = member.value.isNull ? nil : node
            case ".sv":
                guard self.allowsServerValues else { throw .invalid(.serverValueNotAllowed) }
                serverValue = try self.decodeServerValue(member.value)
            default:
                switch DatabaseKey.problem(with: member.key) {
                case nil: break
                case .tooLong: throw .invalid(.dataKeyTooLong)
                case .empty, .invalidCharacter: throw .invalidKey(ordinal: ordinal)
                }
                hasRealChild = true
                children.set(member.key, try self.decode(member.value, at: path + [member.key]))
            }
        }
        if hasRealChild, dotValue != nil || serverValue != nil { throw .invalid(.valueWithChildren) }
        let location = DatabasePath(unchecked: path)
        if let priorityServerValue {
            self.sites.append(ServerValueSite(path: location, value: priorityServerValue, target: .priority))
        }
        if let serverValue {
            self.depth = max(self.depth, path.count)
            self.sites.append(ServerValueSite(path: location, value: serverValue, target: .value(priority: priority)))
            return .empty
        }
        var node = dotValue ?? DatabaseNode(children: children)
        if let priority, node.isEmpty, self.sites.count > sitesBefore {
            self.deferredPriorities.append(DeferredPriority(path: location, priority: priority))
        }
        node.setPriority(priority)
        return node
    }

    private mutating func decodePriority(_ json: JSONValue) throws(Failure) -> (DatabasePriority?, ServerValue?) {
        switch json {
        case .null: return (nil, nil)
        case .string(let string): return (.string(string), nil)
        case .number(let number):
            guard let number = DatabaseNumber(json: number) else { throw .invalid(.invalidPriority) }
            return (.number(number), nil)
        case .object(let object) where object.count == 1 && object.members[0].key == ".sv":
            self.nextKey += 1
            guard self.allowsServerValues else { throw .invalid(.serverValueNotAllowed) }
            return (nil, try self.decodeServerValue(object.members[0].value))
        default:
            throw .invalid(.invalidPriority)
        }
    }

    private mutating func decodeServerValue(_ json: JSONValue) throws(Failure) -> ServerValue {
        if json.stringValue == "timestamp" { return .timestamp }
        if let object = json.objectValue, object.count == 1, object.members[0].key == "increment",
            let literal = object.members[0].value.numberValue, let delta = DatabaseNumber(json: literal)
        {
            self.nextKey += 1
            return .increment(delta)
        }
        throw .invalid(.invalidServerValue)
    }

    static func leaf(_ json: JSONValue) throws(Failure) -> DatabaseLeaf {
        switch json {
        case .bool(let bool):
            return .bool(bool)
        case .number(let literal):
            guard let number = DatabaseNumber(json: literal) else { throw .invalid(.invalidNumber) }
            return .number(number)
        case .string(let string):
            if string.utf8.count > Self.maxStringBytes { throw .invalid(.stringTooLong) }
            return .string(string)
        default:
            throw .invalid(.invalidJSON)
        }
    }
}
