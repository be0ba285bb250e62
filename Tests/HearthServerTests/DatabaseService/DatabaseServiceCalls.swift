import HearthDatabase
import HearthJSON

@testable import HearthServer

/// The service driver: each test operation as the typed `DatabaseService` call it stands for.
struct DatabaseServiceCalls {
    let fixture: DatabaseServiceFixture

    func perform(_ operation: DatabaseTestOperation, as caller: DatabaseCaller) async throws -> DatabaseTestOutcome {
        let service = self.fixture.service
        let namespace = self.fixture.namespace
        switch operation {
        case .read(let path, let parameters, let wantsETag):
            let query = try DatabaseQuery(parameters: Dictionary(parameters, uniquingKeysWith: { first, _ in first }))
            let format: DatabaseOutputFormat = parameters.contains { $0 == ("format", "export") } ? .export : .normal
            let result = try service.read(DatabaseRead(namespace: namespace, path: try Self.path(path), query: query, format: format), as: caller)
            return .value(Self.text(result.json), etag: wantsETag ? result.etag : nil)
        case .set(let path, let value, let ifMatch):
            let set = DatabaseSet(namespace: namespace, path: try Self.path(path), value: try DatabaseWriteData(body: Array(value.utf8)), ifMatch: ifMatch)
            return Self.outcome(try await service.set(set, as: caller))
        case .merge(let path, let value):
            let merge = DatabaseMerge(namespace: namespace, path: try Self.path(path), update: try DatabaseUpdate(body: Array(value.utf8)))
            return .value(Self.text(try await service.merge(merge, as: caller).responseJSON))
        case .push(let path, let value):
            let parent = try Self.path(path)
            let pushed = try await service.push(DatabasePush(namespace: namespace, path: parent, value: try DatabaseWriteData(body: Array(value.utf8))), as: caller)
            let child = parent.appending(try DatabasePath(segments: [pushed.name]))
            return .pushed(Self.text(try service.read(DatabaseRead(namespace: namespace, path: child), as: .admin).json))
        case .delete(let path, let ifMatch):
            return Self.outcome(try await service.delete(DatabaseDelete(namespace: namespace, path: try Self.path(path), ifMatch: ifMatch), as: caller))
        case .subscribe(let path, let parameters):
            let query = try DatabaseQuery(parameters: Dictionary(parameters, uniquingKeysWith: { first, _ in first }))
            _ = try service.subscribe(DatabaseSubscribe(namespace: namespace, path: try Self.path(path), query: query), as: caller)
            return .streaming
        case .readRules:
            return .rules(try service.rulesSource(in: namespace, as: caller))
        case .uploadRules(let source):
            try await service.uploadRules(DatabaseRulesUpload(namespace: namespace, source: source), as: caller)
            return .uploaded
        case .namespaces:
            return .namespaces(service.namespaceNames(including: namespace))
        }
    }

    private static func outcome(_ result: DatabaseConditionalResult) -> DatabaseTestOutcome {
        switch result {
        case .written(let written): .value(Self.text(written.responseJSON))
        case .preconditionFailed(let current, _): .stale(Self.text(current.json()))
        }
    }

    static func path(_ text: String) throws -> DatabasePath {
        try DatabasePath(segments: text.split(separator: "/").map(String.init))
    }

    static func text(_ json: JSONValue) -> String {
        String(decoding: json.serialized(), as: UTF8.self)
    }
}
