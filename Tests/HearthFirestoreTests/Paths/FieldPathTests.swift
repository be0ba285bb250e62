import HearthFirestore
import Testing

@Suite("FieldPath")
struct FieldPathTests {
    /// Text, segments, canonical form.
    static let parses: [(String, [String], String)] = [
        ("a", ["a"], "a"),
        ("a.b.c", ["a", "b", "c"], "a.b.c"),
        ("_x9", ["_x9"], "_x9"),
        ("__name__", ["__name__"], "__name__"),
        ("`a.b`", ["a.b"], "`a.b`"),
        ("foo.`x&y`", ["foo", "x&y"], "foo.`x&y`"),
        ("`bak\\`tik`", ["bak`tik"], "`bak\\`tik`"),
        ("`back\\\\slash`", ["back\\slash"], "`back\\\\slash`"),
        ("`a`", ["a"], "a"),
        ("`1abc`", ["1abc"], "`1abc`"),
        ("a.`b c`.d", ["a", "b c", "d"], "a.`b c`.d"),
        ("`é`", ["é"], "`é`"),
        ("`.`", ["."], "`.`"),
    ]

    @Test(arguments: parses)
    func parsesAndFormats(_ text: String, _ segments: [String], _ canonical: String) throws {
        let path = try FieldPath(parsing: text)
        #expect(path.segments == segments)
        #expect(path.canonicalString == canonical)
        #expect(try FieldPath(parsing: canonical) == path)
    }

    static let invalid: [(String, String)] = [
        ("", "must not be empty"),
        (".", "empty first segment"),
        ("a.", "trailing '.'"),
        (".a", "empty first segment"),
        ("a..b", "empty segment"),
        ("`a", "unterminated"),
        ("a.`b", "unterminated"),
        ("``", "empty segment"),
        ("`a`b", "expected '.' after a quoted segment"),
        ("a`b`", "a backtick may only open a quoted segment"),
        ("`a\\b`", "invalid escape"),
        (String(repeating: "a", count: 1501), "longer than 1500 bytes"),
    ]

    @Test(arguments: invalid)
    func rejects(_ text: String, _ message: String) {
        #expect {
            try FieldPath(parsing: text)
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .invalidArgument && error.message.contains(message)
                && error.message.contains("Invalid field path")
        }
    }

    /// Issue 35 item 10: production accepts only simple identifiers unquoted, and says so in
    /// these words.
    @Test(arguments: ["a b", "a.b c", "*", "a.*", "a[0]", "a-b", "1", "16InLaptops", "é", "a.`b`.c d"])
    func rejectsUnquotedSegmentsThatAreNotIdentifiers(_ text: String) {
        #expect {
            try FieldPath(parsing: text)
        } throws: { error in
            (error as? FirestoreError)?.message
                == "Invalid property path \"\(text)\". Unquoted property paths must match regex ([a-zA-Z_][a-zA-Z_0-9]*), and quoted property paths must match regex (`(?:[^`\\\\]|(?:\\\\.))+`)"
        }
    }

    @Test func maximumLengthIsAccepted() throws {
        #expect(try FieldPath(parsing: String(repeating: "a", count: 1500)).segments.count == 1)
    }

    @Test func prefixesAndReserved() throws {
        let a = FieldPath("a")
        let ab = try FieldPath(parsing: "a.b")
        #expect(a.isPrefix(of: ab))
        #expect(a.isPrefix(of: a))
        #expect(!ab.isPrefix(of: a))
        #expect(!FieldPath("ab").isPrefix(of: FieldPath("abc")) || false)
        #expect(!FieldPath(segments: ["a", "b"]).isPrefix(of: FieldPath(segments: ["a", "bc"])))
        #expect(FieldPath.documentID.isReserved)
        #expect(try FieldPath(parsing: "a.__x__").isReserved)
        #expect(!(try FieldPath(parsing: "a.__x").isReserved))
        #expect(!(try FieldPath(parsing: "__").isReserved))
        #expect(FieldPath.documentID.canonicalString == "__name__")
        #expect(ab.parent == a)
        #expect(a.appending("b") == ab)
    }

    @Test func ordering() throws {
        let sorted = try ["b", "a.b", "a", "`a-b`", "A", "a.a"].map { try FieldPath(parsing: $0) }.sorted()
        #expect(sorted.map(\.canonicalString) == ["A", "a", "a.a", "a.b", "`a-b`", "b"])
    }
}
