import HearthJSON
import Testing

@Suite("JSONNumber")
struct JSONNumberTests {
    static let doubles: [(Double, String)] = [
        (3, "3"), (-3, "-3"), (0, "0"), (-0.0, "-0"), (1.5, "1.5"), (0.1, "0.1"),
        (1e21, "1e+21"), (1e16, "1e+16"), (123456789, "123456789"), (1e-7, "1e-07"),
        (Double.leastNonzeroMagnitude, "5e-324"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (9007199254740992, "9007199254740992"), (0.30000000000000004, "0.30000000000000004"),
    ]

    @Test(arguments: doubles)
    func formatsDoubles(_ value: Double, _ text: String) throws {
        let number = JSONNumber(value)
        #expect(number.text == text)
        #expect(JSONNumber(text: number.text) != nil)
        #expect(number.doubleValue.bitPattern == value.bitPattern)
    }

    static let int64Values: [(String, Int64?)] = [
        ("0", 0), ("-0", 0), ("42", 42), ("-42", -42), ("9223372036854775807", Int64.max),
        ("-9223372036854775808", Int64.min), ("9223372036854775808", nil), ("-9223372036854775809", nil),
        ("12345678901234567890", nil), ("1.0", nil), ("1e2", nil), ("1E2", nil), ("0.5", nil),
    ]

    @Test(arguments: int64Values)
    func int64Value(_ text: String, _ expected: Int64?) throws {
        let number = try #require(JSONNumber(text: text))
        #expect(number.int64Value == expected)
        #expect(number.isIntegerLiteral == !(text.contains(".") || text.contains("e") || text.contains("E")))
    }

    static let doubleValues: [(String, Double)] = [
        ("1e400", .infinity), ("-1e400", -.infinity), ("1e-400", 0), ("0.1", 0.1),
        ("9007199254740993", 9007199254740992), ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),
        ("-0", -0.0), ("1E+2", 100),
    ]

    @Test(arguments: doubleValues)
    func doubleValue(_ text: String, _ expected: Double) throws {
        let number = try #require(JSONNumber(text: text))
        #expect(number.doubleValue.bitPattern == expected.bitPattern)
    }

    static let invalidLiterals = ["", "-", "01", "+1", "1.", ".1", "1e", "1e+", "NaN", "Infinity", "0x1", "1 ", " 1", "1.0.0"]

    @Test(arguments: invalidLiterals)
    func rejectsInvalidLiterals(_ text: String) {
        #expect(JSONNumber(text: text) == nil)
    }

    @Test func equalityIsTextual() {
        #expect(JSONNumber(text: "1") != JSONNumber(text: "1.0"))
        #expect(JSONNumber(Int64(5)) == JSONNumber(text: "5"))
        #expect(JSONNumber(5.0) == JSONNumber(text: "5"))
        #expect(JSONNumber(5) == JSONNumber(text: "5"))
        #expect(JSONNumber(-12).text == "-12")
    }
}
