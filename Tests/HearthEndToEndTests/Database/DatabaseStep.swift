import HearthTesting
import Testing

/// One request of a Realtime Database scenario and what must come back: the tables in the
/// scenario tests are the spec (`rtdb.md`), run in order against one real server.
struct DatabaseStep: CustomStringConvertible {
    var method: String
    var path: String
    var body: String?
    var headers: [(String, String)] = []
    var status: Int
    /// The exact body text expected, or nil to check only the status.
    var expected: String?

    init(_ method: String, _ path: String, _ body: String, headers: [(String, String)] = [], _ status: Int, _ expected: String? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.headers = headers
        self.status = status
        self.expected = expected
    }

    /// A step without a body.
    init(_ method: String, _ path: String, headers: [(String, String)] = [], _ status: Int, _ expected: String? = nil) {
        self.method = method
        self.path = path
        self.body = nil
        self.headers = headers
        self.status = status
        self.expected = expected
    }

    var description: String { "\(self.method) \(self.path)" }

    /// Sends the step to `server` and checks it; returns the response for further checks.
    @discardableResult
    func run(on server: HearthProcess, sourceLocation: SourceLocation = #_sourceLocation) throws -> RawHTTPResponse {
        let response = try server.databaseRequest(self.method, self.path, headers: self.headers, body: self.body)
        #expect(response.status == self.status, "\(self): \(response.bodyText)", sourceLocation: sourceLocation)
        if let expected = self.expected {
            #expect(response.bodyText == expected, "\(self)", sourceLocation: sourceLocation)
        }
        return response
    }
}
