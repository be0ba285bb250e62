public import HearthJSON

/// The validated data of a PUT or POST body (or one PATCH entry), with any server values still
/// to be resolved.
///
/// Parsed at the edge (``init(body:)`` gives Firebase's messages with positions in the body),
/// resolved by the store under its lock (``resolved(now:existing:)``), so `{".sv":
/// {"increment": 1}}` adds to the value current at commit time.
public struct DatabaseWriteData: Sendable, Equatable {
    /// The largest REST write Firebase accepts (256 MB).
    public static let maxBodyBytes = 256 * 1024 * 1024

    /// The data with nothing at the server values' places.
    let template: DatabaseNode
    let sites: [ServerValueSite]
    /// Plain priorities to set once the server values below them exist.
    let deferredPriorities: [DeferredPriority]
    /// Levels of children below the write location (for the 32-level limit).
    public let depth: Int

    /// Plain data: no server values.
    public init(_ node: DatabaseNode) {
        self.template = node
        self.sites = []
        self.deferredPriorities = []
        self.depth = node.depth
    }

    /// Parses and validates a request body.
    /// - Throws: `Invalid data; couldn't parse JSON object, array, or value.` for bad or empty JSON,
    ///   `Invalid data; couldn't parse key beginning at L:C. …` for an invalid key,
    ///   `Data to write exceeds …` above 256 MB, and the other `Invalid data; …` texts.
    public init(body: [UInt8]) throws(DatabaseError) {
        if body.count > Self.maxBodyBytes { throw .writeTooLarge }
        let json = try Self.parse(body)
        try self.init(json: json, text: body)
    }

    /// Validates parsed JSON. An invalid key is located in the compact serialization of `json`.
    public init(json: JSONValue) throws(DatabaseError) {
        try self.init(json: json, text: nil)
    }

    init(json: JSONValue, text: [UInt8]?) throws(DatabaseError) {
        var decoder = NodeDecoder(allowsServerValues: true)
        do {
            self.template = try decoder.decode(json)
        } catch {
            throw Self.error(for: error, json: json, text: text)
        }
        self.sites = decoder.sites
        self.deferredPriorities = decoder.deferredPriorities
        self.depth = decoder.depth
    }

    init(template: DatabaseNode, sites: [ServerValueSite], deferredPriorities: [DeferredPriority], depth: Int) {
        self.template = template
        self.sites = sites
        self.deferredPriorities = deferredPriorities
        self.depth = depth
    }

    /// Whether the data holds `{".sv": …}` anywhere.
    public var hasServerValues: Bool { !self.sites.isEmpty }

    /// The data with every server value replaced: timestamps by `now` (ms since the epoch),
    /// increments by the number in `existing` (the value currently at the write location) plus
    /// the delta; then the priorities of objects made only of server values. O(size of the data).
    public func resolved(now: Int64, existing: DatabaseNode) -> DatabaseNode {
        var node = self.template
        for site in self.sites {
            guard case .value(let priority) = site.target else { continue }
            let number = site.value.resolve(now: now, current: existing.child(at: site.path).leaf)
            node.set(DatabaseNode(.number(number), priority: priority), at: site.path)
        }
        for deferred in self.deferredPriorities {
            var target = node.child(at: deferred.path)
            guard !target.isEmpty else { continue }
            target.setPriority(deferred.priority)
            node.set(target, at: deferred.path)
        }
        for site in self.sites where site.target == .priority {
            var target = node.child(at: site.path)
            guard !target.isEmpty else { continue }
            let current = existing.child(at: site.path).priority.map(\.leaf)
            target.setPriority(.number(site.value.resolve(now: now, current: current)))
            node.set(target, at: site.path)
        }
        return node
    }

    /// Parses JSON text, mapping any syntax error to Firebase's single message.
    static func parse(_ body: [UInt8]) throws(DatabaseError) -> JSONValue {
        do {
            return try JSONParser.parse(body, maxDepth: 512)
        } catch {
            throw .invalidJSON
        }
    }

    static func error(for failure: NodeDecoder.Failure, json: JSONValue, text: [UInt8]?) -> DatabaseError {
        switch failure {
        case .invalid(let error):
            return error
        case .invalidKey(let ordinal):
            let position = KeyLocator.position(ofKey: ordinal, in: text ?? json.serialized())
            return .invalidKey(line: position.line, column: position.column)
        }
    }
}
