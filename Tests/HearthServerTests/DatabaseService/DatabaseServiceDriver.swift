import HearthDatabase
import HearthHTTP
import HearthJSON

@testable import HearthServer

/// How a test reaches the Realtime Database: calling `DatabaseService` directly, or sending
/// the equivalent REST request through the router in-process (no sockets). The same test
/// bodies run through both, so the service is known to be what the REST API serves.
enum DatabaseServiceDriver: Sendable, CaseIterable, CustomStringConvertible {
    case service
    case router

    var description: String { self == .service ? "service" : "router" }

    func perform(_ operation: DatabaseTestOperation, as caller: DatabaseTestCaller, on fixture: DatabaseServiceFixture) async -> DatabaseTestOutcome {
        switch self {
        case .service:
            do {
                return try await DatabaseServiceCalls(fixture: fixture).perform(operation, as: caller.caller)
            } catch let error as DatabaseError {
                return .failed(error.httpStatus, error.message)
            } catch {
                return .failed(0, "\(error)")
            }
        case .router:
            return await DatabaseRouterCalls(fixture: fixture).perform(operation, as: caller)
        }
    }
}
