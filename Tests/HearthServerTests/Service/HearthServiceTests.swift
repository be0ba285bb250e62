import HearthHTTP
import Logging
import Testing

@testable import HearthServer

/// `HearthService` as a loop over its product units: each unit starts on its own port, in
/// order, the hub learns where, and shutdown reaches every unit.
@Suite struct HearthServiceTests {
    @Test func everyUnitStartsOnItsPortAndTheHubSaysWhere() async throws {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = nil
        configuration.firestorePort = 0
        configuration.databasePort = 0
        configuration.authPort = 0
        configuration.uiPort = 0
        let service = try HearthService(configuration: configuration, logger: Logger(label: "test"))
        #expect(service.units.map(\.service) == [.firestore, .database, .auth, .ui])
        #expect(EmulatorHubTests.text(service.hub.response()) == "{}")

        let endpoints = try await service.start()
        #expect(endpoints.map(\.service) == [.firestore, .database, .auth, .ui])
        #expect(endpoints.allSatisfy { $0.host == "127.0.0.1" && $0.port > 0 })
        #expect(Set(endpoints.map(\.port)).count == 4)
        let listed = try #require(EmulatorHubTests.text(service.hub.response()))
        for endpoint in endpoints {
            #expect(listed.contains(#""\#(endpoint.service.rawValue)":{"name":"\#(endpoint.service.rawValue)","host":"127.0.0.1","port":\#(endpoint.port)}"#))
        }
        // Starting again is idempotent per unit: the same ports.
        #expect(try await service.start() == endpoints)

        service.shutdown()
        try await service.run()
    }
}
