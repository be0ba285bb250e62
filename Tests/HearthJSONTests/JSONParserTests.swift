import HearthJSON
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    static let valid: [(String, JSONValue)] = [
        ("null", .null),
        ("true", true),
        ("false", false),
        ("0", .number(JSONNumber(text: "0")!)),
        ("-0", .number(JSONNumber(text: "-0")!)),
        ("12345678901234567890", .number(JSONNumber(text: "12345678901234567890")!)),
        ("1e400", .number(JSONNumber(text: "1e400")!)),
        ("1.0", .number(JSONNumber(text: "1.0")!)),
        ("-1.5E-3", .number(JSONNumber(text: "-1.5E-3")!)),
        ("1E+2", .number(JSONNumber(text: "1E+2")!)),
        ("\"\"", ""),
        ("\"abc\"", "abc"),
        ("\"a\\\"b\\\\c\\/d\"", "a\"b\\c/d"),
        ("\"\\b\\f\\n\\r\\t\"", "\u{8}\u{C}\n\r\t"),
        ("\"\\u0041\\u00e9\\u20AC\"", "Aé€"),
        ("\"\\uD83D\\uDE00\"", "😀"),
        ("\"😀é\"", "😀é"),
        ("\"\\u0000\"", "\u{0}"),
        ("[]", []),
        ("{}", [:]),
        ("[1,[2,[3]]]", [1, [2, [3]]]),
        ("{\"a\":1,\"b\":[true,null]}", ["a": 1, "b": [true, nil]]),
        (" \t\r\n[ 1 , 2 ]\n ", [1, 2]),
        ("\u{FEFF}{\"bom\":true}", ["bom": true]),
        ("{\"a\":1,\"a\":2}", .object(JSONObject([.init(key: "a", value: 1), .init(key: "a", value: 2)]))),
        ("\"\u{7F}\"", "\u{7F}"),
    ]

    @Test(arguments: valid)
    func parsesValid(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    static let invalid: [(String, String)] = [
        ("", "empty input"),
        ("   ", "empty input"),
        ("[1,]", "expected a value"),
        ("{\"a\":1,}", "trailing comma"),
        ("[1 2]", "expected ',' or ']' after an array element"),
        ("{\"a\":1 \"b\":2}", "expected ',' or '}' after an object member"),
        ("{\"a\" 1}", "expected ':'"),
        ("{a:1}", "expected a string key"),
        ("{1:1}", "expected a string key"),
        ("// c\n1", "unexpected character '/'"),
        ("/* c */ 1", "unexpected character '/'"),
        ("NaN", "unexpected character 'N'"),
        ("Infinity", "unexpected character 'I'"),
        ("-Infinity", "expected a digit"),
        ("01", "leading zeros"),
        ("-01", "leading zeros"),
        ("+1", "unexpected character '+'"),
        (".5", "unexpected character '.'"),
        ("1.", "expected a digit after the decimal point"),
        ("1.e3", "expected a digit after the decimal point"),
        ("1e", "expected a digit in the exponent"),
        ("1e+", "expected a digit in the exponent"),
        ("-", "expected a digit"),
        ("0x10", "after the JSON value"),
        ("1 2", "after the JSON value"),
        ("{} x", "after the JSON value"),
        ("tru", "invalid literal"),
        ("nul", "invalid literal"),
        ("True", "unexpected character 'T'"),
        ("\"abc", "unterminated string"),
        ("\"\\", "unterminated string"),
        ("\"a\nb\"", "unescaped control character"),
        ("\"a\tb\"", "unescaped control character"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\'\"", "invalid escape"),
        ("\"\\u12\"", "four hex digits"),
        ("\"\\u12G4\"", "four hex digits"),
        ("\"\\uD800\"", "lone high surrogate"),
        ("\"\\uD800x\"", "lone high surrogate"),
        ("\"\\uD800\\u0041\"", "not followed by a low surrogate"),
        ("\"\\uDC00\"", "lone low surrogate"),
        ("[", "unexpected end of input"),
        ("{", "expected a string key"),
        ("{\"a\":", "unexpected end of input"),
        ("[1", "expected ',' or ']'"),
        ("'a'", "unexpected character '''"),
        ("[1,,2]", "expected a value"),
        ("{,}", "expected a string key"),
        ("\u{FEFF}", "empty input"),
    ]

    @Test(arguments: invalid)
    func rejectsInvalid(_ text: String, _ message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.message.contains(message)
        }
    }

    static let invalidBytes: [[UInt8]] = [
        [0x22, 0xFF, 0x22],  // invalid byte
        [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
        [0x22, 0xC3, 0x22],  // truncated 2-byte sequence
        [0x22, 0xE2, 0x82, 0x22],  // truncated 3-byte sequence
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
        [0x22, 0xF0, 0x82, 0x82, 0xAC, 0x22],  // overlong 4-byte
        [0x22, 0x80, 0x22],  // lone continuation byte
        [0xC3, 0xA9],  // non-ASCII outside a string
        [0x22, 0x61, 0xE9, 0x22],  // Latin-1 é
    ]

    @Test(arguments: invalidBytes)
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }

    @Test func errorPositions() {
        do {
            _ = try JSONParser.parse("{\"a\": 1 \"b\"}")
            Issue.record("expected failure")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 9)
            #expect(error.offset == 8)
            #expect(error.description == "line 1, column 9: expected ',' or '}' after an object member")
        }
        do {
            _ = try JSONParser.parse("[\n  1,\n  é x]")
            Issue.record("expected failure")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 3)
        }
        do {
            _ = try JSONParser.parse("[\"é\", x]")
            Issue.record("expected failure")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 7)  // é counts as one column
            #expect(error.offset == 7)
        }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
        let tooDeep = String(repeating: "[", count: 201) + String(repeating: "]", count: 201)
        #expect {
            try JSONParser.parse(tooDeep)
        } throws: { error in
            (error as? JSONParseError)?.message.contains("maximum depth of 200") ?? false
        }
        let objects = String(repeating: "{\"a\":", count: 6) + "1" + String(repeating: "}", count: 6)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(objects, maxDepth: 5) }
        #expect(throws: Never.self) { try JSONParser.parse(objects, maxDepth: 6) }
    }

    @Test func veryDeepNestingDoesNotOverflowTheStack() throws {
        let depth = 100_000
        let text = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
        var value = try JSONParser.parse(text, maxDepth: depth)
        var levels = 0
        // Unwrap iteratively (a recursive == or deinit chain is the caller's concern, not the parser's).
        while case .array(let elements) = value, let first = elements.first {
            levels += 1
            value = first
        }
        #expect(levels == depth - 1)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text, maxDepth: depth - 1) }
    }

    @Test func preservesNumberText() throws {
        for literal in ["12345678901234567890", "1e400", "-0", "1.0", "1E+2", "0.000001", "-123.456e-7"] {
            let value = try JSONParser.parse(literal)
            #expect(value.numberValue?.text == literal)
            #expect(value.serializedString() == literal)
        }
    }

    @Test func keepsMemberOrderAndDuplicates() throws {
        let value = try JSONParser.parse("{\"z\":1,\"a\":2,\"z\":3}")
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "z"])
        #expect(object["z"] == 1)
        #expect(object.firstDuplicateKey == "z")
        #expect(object.count == 3)
    }

    @Test func parsesLargeDocument() throws {
        var writer = JSONWriter(reservingCapacity: 1 << 21)
        writer.beginArray()
        for index in 0..<20_000 {
            writer.beginObject()
            writer.key("id")
            writer.integer(Int64(index))
            writer.key("name")
            writer.string("document number \(index) with some text, \"quotes\" and é")
            writer.key("score")
            writer.double(Double(index) / 7)
            writer.endObject()
        }
        writer.endArray()
        #expect(writer.bytes.count > 1 << 20)
        let value = try JSONParser.parse(writer.bytes)
        #expect(value.arrayValue?.count == 20_000)
        #expect(value.serialized() == writer.bytes)
    }
}
