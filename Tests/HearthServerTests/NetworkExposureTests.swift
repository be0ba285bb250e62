import Testing

@testable import HearthServer

/// The start-up warning for a server other machines can reach: none on loopback; otherwise
/// which services, what the data is open to, and whether the admin endpoints are.
@Suite struct NetworkExposureTests {
    private func exposure(
        firestoreHost: String, databaseHost: String, remoteAdmin: Bool = false, firestoreRules: Bool = false, databaseRules: Bool = false
    ) -> NetworkExposure {
        NetworkExposure(
            endpoints: [
                BoundEndpoint(service: .firestore, host: firestoreHost, port: 8080),
                BoundEndpoint(service: .database, host: databaseHost, port: 9000),
            ],
            allowsRemoteAdmin: remoteAdmin, firestoreRulesLoaded: firestoreRules, databaseRulesLoaded: databaseRules)
    }

    @Test(arguments: ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
    func loopbackIsSilent(host: String) {
        #expect(self.exposure(firestoreHost: host, databaseHost: host).warning == nil)
    }

    @Test func anyAddressNamesTheServicesAndWhatIsOpen() throws {
        let warning = try #require(self.exposure(firestoreHost: "0.0.0.0", databaseHost: "0.0.0.0").warning)
        #expect(warning.contains("Firestore on 0.0.0.0:8080 and the Realtime Database on 0.0.0.0:9000 accept connections from any host"))
        #expect(warning.contains("every Firestore document, since no --rules file is loaded"))
        #expect(warning.contains("all Realtime Database data, since no --database-rules file is loaded"))
        #expect(warning.contains("admin endpoints (export, clear, rules upload) and the 'owner' token are refused to them"))
    }

    @Test func onlyTheExposedServiceIsNamedWithItsRules() throws {
        let warning = try #require(self.exposure(firestoreHost: "127.0.0.1", databaseHost: "::", remoteAdmin: true, databaseRules: true).warning)
        #expect(warning.contains("the Realtime Database on [::]:9000 accepts connections"))
        #expect(!warning.contains("Firestore on"))
        #expect(warning.contains("Realtime Database data as its rules allow"))
        #expect(warning.contains("are open to them too (--allow-remote-owner)"))
    }
}
