import HearthDatabase
import HearthFirestore
import HearthHTTP
import HearthJSON
import HearthRules
import Logging

@testable import HearthServer

/// One Firestore, reached through `driver`: each operation either calls `FirestoreService`
/// or sends the REST request a client would send through the router's responder (the one
/// `HearthService` serves, in-process), and answers the same neutral result either way.
/// Errors come back as `FirestoreError` from both: the router's are read back from Google's
/// error JSON (`FirestoreErrorResponse`).
struct FirestoreHarness: Sendable {
    static let database = try! DatabaseID(project: "demo")
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    let driver: FirestoreDriver
    let databases = FirestoreDatabases()
    let rules: FirestoreRulesRegistry
    let service: FirestoreService
    let responder: RouterResponder

    /// - Parameter rules: Firestore rules put in force for the project; nil allows everything.
    init(_ driver: FirestoreDriver, rules source: String? = nil) throws {
        self.driver = driver
        self.rules = try FirestoreRulesRegistry(file: nil, logger: Self.logger)
        if let source {
            let (compiled, diagnostics) = RulesInForce.compile(source, fileName: "test.rules", origin: "test.rules")
            guard let compiled else { throw FirestoreError.invalidArgument("test rules do not compile: \(diagnostics)") }
            self.rules.install(compiled, project: Self.database.project)
        }
        self.service = FirestoreService(databases: self.databases, rules: self.rules, logger: Self.logger)
        let routes = FirestoreRoutes(
            databases: self.databases, identities: IdentityResolver(), adminAccess: AdminAccess(),
            export: HearthExport(source: .memory(self.databases, DatabaseNamespaces()), logger: Self.logger, interactive: false),
            rules: self.rules, rulesPersistence: nil, listening: ListenSettings(),
            streams: ListenStreams(keepAlive: .seconds(30), rules: self.rules), fanout: ListenFanout(), logger: Self.logger)
        var router = Router()
        routes.register(on: &router)
        self.responder = router.responder(
            fallback: { request, failure in FirestoreErrorResponse.response(for: failure, method: request.method, path: request.path) },
            errorMapper: { error, _ in FirestoreErrorResponse.response(for: error) })
    }

    /// GetDocument: the document's fields.
    func get(_ path: String, as caller: TestCaller) async throws -> MapValue {
        switch self.driver {
        case .service:
            let request = GetDocumentRequest(database: Self.database, path: try DocumentPath(parsing: path))
            return try self.service.getDocument(request, caller: caller.caller).fields
        case .router:
            let json = try await self.send(.get, "/\(path)", as: caller)
            return try FirestoreValueCodec.decodeFields(json.objectValue?["fields"], at: "fields")
        }
    }

    /// CreateDocument with an explicit ID: the created document's fields.
    func create(_ collection: String, id: String, _ fields: [String: String], as caller: TestCaller) async throws -> MapValue {
        switch self.driver {
        case .service:
            let request = CreateDocumentRequest(
                database: Self.database, collection: try CollectionPath(segments: collection.split(separator: "/").map(String.init)),
                documentID: id, fields: TestWrite.map(fields))
            return try await self.service.createDocument(request, caller: caller.caller).fields
        case .router:
            let json = try await self.send(.post, "/\(collection)?documentId=\(id)", body: #"{"fields":\#(TestWrite.json(fields))}"#, as: caller)
            return try FirestoreValueCodec.decodeFields(json.objectValue?["fields"], at: "fields")
        }
    }

    /// Commit (in a transaction begun first when `inTransaction`): how many write results came back.
    func commit(_ writes: [TestWrite], inTransaction: Bool = false, as caller: TestCaller) async throws -> Int {
        switch self.driver {
        case .service:
            let transaction = inTransaction ? try self.service.beginTransaction(BeginTransactionRequest(database: Self.database), caller: caller.caller) : nil
            let request = CommitRequest(database: Self.database, writes: try writes.map { try $0.write() }, transaction: transaction)
            return try await self.service.commit(request, caller: caller.caller).writeResults.count
        case .router:
            var transaction = ""
            if inTransaction {
                let begun = try await self.send(.post, ":beginTransaction", body: "{}", as: caller)
                transaction = #","transaction":"\#(begun.objectValue?["transaction"]?.stringValue ?? "")""#
            }
            let body = #"{"writes":[\#(writes.map { $0.json(in: Self.database) }.joined(separator: ","))]\#(transaction)}"#
            return try await self.send(.post, ":commit", body: body, as: caller).objectValue?["writeResults"]?.arrayValue?.count ?? -1
        }
    }

    /// BatchWrite: each write's status code, nil for success.
    func batchWrite(_ writes: [TestWrite], as caller: TestCaller) async throws -> [FirestoreError.Code?] {
        switch self.driver {
        case .service:
            let request = BatchWriteRequest(database: Self.database, writes: try writes.map { try $0.write() })
            return try await self.service.batchWrite(request, caller: caller.caller).statuses.map { $0?.code }
        case .router:
            let body = #"{"writes":[\#(writes.map { $0.json(in: Self.database) }.joined(separator: ","))]}"#
            let statuses = try await self.send(.post, ":batchWrite", body: body, as: caller).objectValue?["status"]?.arrayValue ?? []
            return statuses.map { status in
                guard case .number(let number)? = status.objectValue?["code"] else { return nil }
                return FirestoreError.Code.allCases.first { Int64($0.grpcNumber) == number.int64Value }
            }
        }
    }

    /// RunQuery over a root collection, in name order: the documents' IDs.
    func runQuery(_ collection: String, limit: Int? = nil, as caller: TestCaller) async throws -> [String] {
        switch self.driver {
        case .service:
            let request = RunQueryRequest(database: Self.database, query: try Query(collectionID: collection, limit: limit))
            return try self.service.runQuery(request, caller: caller.caller).results.documents.map { $0.path.segments.last! }
        case .router:
            let limitJSON = limit.map { #","limit":\#($0)"# } ?? ""
            let body = #"{"structuredQuery":{"from":[{"collectionId":"\#(collection)"}]\#(limitJSON)}}"#
            let elements = try await self.send(.post, ":runQuery", body: body, as: caller).arrayValue ?? []
            return elements.compactMap { $0.objectValue?["document"]?.objectValue?["name"]?.stringValue?.split(separator: "/").last.map(String.init) }
        }
    }

    /// ListCollectionIds on the root.
    func listCollectionIDs(as caller: TestCaller) async throws -> [String] {
        switch self.driver {
        case .service:
            let request = ListCollectionIDsRequest(database: Self.database)
            return try self.service.listCollectionIDs(request, caller: caller.caller).ids
        case .router:
            let ids = try await self.send(.post, ":listCollectionIds", body: "{}", as: caller).objectValue?["collectionIds"]?.arrayValue ?? []
            return ids.compactMap(\.stringValue)
        }
    }

    /// Sends a request to `…/documents{suffix}` and answers its JSON, or throws the
    /// `FirestoreError` its error body describes.
    func send(_ method: HTTPMethod, _ suffix: String, body: String = "", as caller: TestCaller) async throws -> JSONValue {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token = caller.token { headers.replaceOrAdd(name: "Authorization", value: "Bearer \(token)") }
        let request = Request(method: method, uri: "/v1/\(Self.database.documentsRoot)\(suffix)", headers: headers, body: Array(body.utf8))
        let response = await self.responder.respond(to: request)
        guard case .bytes(let bytes) = response.body else { throw FirestoreError.internal("\(method) \(suffix): no JSON body") }
        let json = try JSONParser.parse(bytes)
        if let error = json.objectValue?["error"]?.objectValue {
            let code = error["status"]?.stringValue.flatMap(FirestoreError.Code.init(rawValue:)) ?? .unknown
            throw FirestoreError(code, error["message"]?.stringValue ?? "")
        }
        return json
    }
}
