import Testing

@testable import HearthGRPC

/// `grpc-timeout`: up to 8 digits and a unit.
struct GRPCTimeoutTests {
    @Test(arguments: [
        ("1H", Duration.seconds(3600)), ("2M", .seconds(120)), ("30S", .seconds(30)), ("250m", .milliseconds(250)),
        ("99999999u", .microseconds(99_999_999)), ("5n", .nanoseconds(5)),
    ])
    func unitsAreRead(_ text: String, _ expected: Duration) throws {
        #expect(try GRPCTimeout.parse(text) == expected)
    }

    @Test(arguments: ["", "S", "10", "123456789S", "1x", "-1S", "1.5S"])
    func malformedTimeoutsAreInvalidArguments(_ text: String) {
        do {
            _ = try GRPCTimeout.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }
}
