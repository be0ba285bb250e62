import HearthDatabase
import HearthHTTP
import HearthJSON
import HearthRules

extension DatabaseRequest {
    /// Parses an HTTP request of the Realtime Database server.
    /// - Parameters:
    ///   - segments: the path's segments, percent-decoded once (the router's capture of the
    ///     whole path); nil to decode the request's own (a route without that capture).
    ///   - defaultNamespace: used when neither `?ns=` nor the Host names one (Pyrebase never sends `ns`).
    ///   - now: milliseconds since the epoch, to refuse expired ID tokens.
    /// - Throws: `DatabaseError` with Firebase's texts: 400 for a bad path, method, parameter
    ///   or header combination; 401 for an unusable credential.
    init(
        _ request: Request, segments: [String]? = nil, defaultNamespace: String, identities: IdentityResolver, now: Int64
    ) throws(DatabaseError) {
        let parameters = Self.parameters(request.query)
        self.method = try Self.method(request, parameters)
        self.namespace = try Self.namespace(parameters["ns"], host: request.headers["Host"], default: defaultNamespace)
        self.target = try Self.target(segments ?? request.decodedPathSegments, path: request.path)
        (self.caller, self.credential) = try Self.credentials(request, parameters, identities: identities, now: now)
        self.query = self.method == .get ? try DatabaseQuery(parameters: parameters) : DatabaseQuery()
        self.output = try Self.output(parameters)
        self.conditions = DatabaseConditions(
            wantsETag: request.headers["X-Firebase-ETag"]?.lowercased() == "true",
            ifMatch: request.headers["if-match"], ifNoneMatch: request.headers["if-none-match"])
        self.wantsStream = self.method == .get && request.headers["Accept"]?.contains("text/event-stream") == true
        self.dryRun = parameters["dryRun"] == "true"
        self.strictRules = parameters["format"] == "strict"
        self.body = request.body
        try self.checkCombinations(parameters)
    }

    /// The first value of each parameter (clients never repeat one).
    private static func parameters(_ query: URLQuery) -> [String: String] {
        var parameters: [String: String] = [:]
        for item in query.items where parameters[item.name] == nil { parameters[item.name] = item.value }
        return parameters
    }

    private static func method(_ request: Request, _ parameters: [String: String]) throws(DatabaseError) -> Method {
        let override = request.headers["X-HTTP-Method-Override"] ?? parameters["x-http-method-override"]
        if request.method == .post, let override {
            guard let method = Method(rawValue: override.uppercased()) else {
                throw .badRequest("X-HTTP-Method-Override must be GET, PUT, POST, PATCH or DELETE (got '\(override)').")
            }
            return method
        }
        switch request.method {
        case .get, .head: return .get
        case .put: return .put
        case .post: return .post
        case .patch: return .patch
        case .delete: return .delete
        default: throw .badRequest("The Realtime Database REST API accepts GET, PUT, POST, PATCH and DELETE (got \(request.method)).")
        }
    }

    /// `?ns=`; else the first label of a Host with three or more labels that is not an IP
    /// address (`my-ns.firebaseio.com`, as the JS SDK's `parseDatabaseURL`); else `fallback`.
    static func namespace(_ ns: String?, host: String?, default fallback: String) throws(DatabaseError) -> String {
        if let ns {
            guard DatabaseNamespaceName.isValid(ns) else {
                throw .badRequest("Invalid namespace '\(ns)': use 1 to 63 lowercase letters, digits and hyphens (e.g. ?ns=my-project-default-rtdb).")
            }
            return ns
        }
        if let host {
            let name = host.split(separator: ":").first.map(String.init) ?? host
            let labels = name.split(separator: ".")
            let isAddress = labels.allSatisfy { $0.allSatisfy(\.isNumber) } || host.hasPrefix("[")
            if labels.count >= 3, !isAddress, DatabaseNamespaceName.isValid(labels[0].lowercased()) { return labels[0].lowercased() }
        }
        return fallback
    }

    /// `/<path>.json`, `/.settings/rules.json` or `/.inspect/databases.json`, from the request's
    /// own segments, decoded here.
    static func target(_ request: Request) throws(DatabaseError) -> DatabaseTarget {
        try Self.target(request.decodedPathSegments, path: request.path)
    }

    /// The target named by `decoded`, the path's segments percent-decoded once (nil: an escape
    /// did not decode); `path` is the raw path, for the error message. Decoding again here
    /// would read a key `%25` (sent as `%2525`) as `%`.
    static func target(_ decoded: [String]?, path: String) throws(DatabaseError) -> DatabaseTarget {
        guard var segments = decoded else { throw .invalidPathToken }
        while segments.last == "" { segments.removeLast() }
        guard let last = segments.last, last.hasSuffix(".json") else {
            throw .notFound("Realtime Database URLs end in .json: GET /users/alice.json reads /users/alice (got \(path)).")
        }
        segments[segments.count - 1] = String(last.dropLast(5))
        segments = segments.filter { !$0.isEmpty }
        if segments == [".settings", "rules"] { return .rules }
        if segments == [".inspect", "databases"] { return .databases }
        if segments.contains(where: { $0.contains("/") }) { throw .invalidPathToken }
        return .data(try DatabasePath(segments: segments))
    }

    private static func output(_ parameters: [String: String]) throws(DatabaseError) -> DatabaseOutput {
        var output = DatabaseOutput()
        switch parameters["print"] {
        case "pretty": output.print = .pretty
        case "silent": output.print = .silent
        default: break
        }
        if parameters["format"] == "export" { output.format = .export }
        if let callback = parameters["callback"] {
            guard Self.isJavaScriptName(callback) else {
                throw .badRequest("callback must be a JavaScript function name such as handleData (got '\(callback)').")
            }
            output.callback = callback
        }
        output.download = parameters["download"].map { name in
            String(name.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" })
        }
        return output
    }

    /// Combinations production refuses, and parameter values that must parse.
    private func checkCombinations(_ parameters: [String: String]) throws(DatabaseError) {
        if self.conditions.ifMatch != nil, self.output.print == .silent {
            throw .badRequest("if-match cannot be combined with print=silent: the response must carry the new ETag.")
        }
        if self.method == .patch, self.conditions.ifMatch != nil || self.conditions.wantsETag {
            throw .badRequest("ETags are not supported on PATCH: use PUT with if-match for a conditional write.")
        }
        if let timeout = parameters["timeout"] { _ = try DatabaseTimeout(timeout) }
        if let limit = parameters["writeSizeLimit"], !["tiny", "small", "medium", "large", "unlimited"].contains(limit) {
            throw .badRequest("writeSizeLimit must be tiny, small, medium, large or unlimited (got '\(limit)').")
        }
    }

    private static func isJavaScriptName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && name.utf8.count <= 128
    }
}
