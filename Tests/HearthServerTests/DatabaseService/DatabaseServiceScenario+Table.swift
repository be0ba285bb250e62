import HearthDatabase
import HearthRules

@testable import HearthServer

/// The scenarios, each run through the service and through the router: every operation the
/// REST API serves, allowed and refused.
extension DatabaseServiceScenario {
    static let users = #"{"users":{"ada":{"age":36},"bob":{"age":12},"cy":{"age":20}}}"#
    static let signedInOnly = #"{"rules":{".read":"auth != null",".write":"auth != null","n":{".validate":"newData.isNumber()"}}}"#
    static let denied = DatabaseTestOutcome.failed(401, "Permission denied")
    static let badRules = #"{"rules":{".read":"nope("}}"#
    /// The compiler's diagnostics, which the upload answers with (their wording is the rules
    /// compiler's to test).
    static let badRulesMessage: String = {
        guard case .failure(let error) = DatabaseRulesInForce.compile(badRules, fileName: "database.rules.json", origin: "") else { return "" }
        return error.message
    }()

    static let all: [DatabaseServiceScenario] = [
        .init(name: "reads a value, a missing one as null with the null ETag", seed: #"{"a":{"b":1}}"#, steps: [
            DatabaseTestStep(.read("/a"), .value(#"{"b":1}"#)),
            DatabaseTestStep(.read("/a/b"), .value("1")),
            DatabaseTestStep(.read("/missing", etag: true), .value("null", etag: DatabaseETag.null)),
        ]),
        .init(name: "format=export keeps priorities, a normal read drops them", seed: #"{"p":{".value":"x",".priority":2},"list":{"0":"a","1":"b"}}"#, steps: [
            DatabaseTestStep(.read("/p"), .value(#""x""#)),
            DatabaseTestStep(.read("/p", query: [("format", "export")]), .value(#"{".value":"x",".priority":2}"#)),
            DatabaseTestStep(.read("/list"), .value(#"["a","b"]"#)),
            DatabaseTestStep(.read("/list", query: [("format", "export")]), .value(#"{"0":"a","1":"b"}"#)),
        ]),
        .init(name: "queries order, bound and limit children; shallow keeps keys", seed: users, steps: [
            DatabaseTestStep(.read("/users", query: [("orderBy", #""age""#), ("limitToFirst", "2")]), .value(#"{"bob":{"age":12},"cy":{"age":20}}"#)),
            DatabaseTestStep(.read("/users", query: [("orderBy", #""age""#), ("startAt", "20")]), .value(#"{"ada":{"age":36},"cy":{"age":20}}"#)),
            DatabaseTestStep(.read("/users", query: [("orderBy", #""$key""#), ("equalTo", #""bob""#)]), .value(#"{"bob":{"age":12}}"#)),
            DatabaseTestStep(.read("/users", query: [("shallow", "true")]), .value(#"{"ada":true,"bob":true,"cy":true}"#)),
            DatabaseTestStep(.read("/users", query: [("limitToFirst", "1")]), .failed(400, DatabaseError.orderByRequired.message)),
        ]),
        .init(name: "an index is required only when enforced", seed: users, enforcesIndexes: true, steps: [
            DatabaseTestStep(.read("/users", query: [("orderBy", #""age""#)]), .failed(400, #"Index not defined, add ".indexOn": "age", for path "/users", to the rules"#)),
            DatabaseTestStep(.read("/users", query: [("orderBy", #""$key""#), ("limitToLast", "1")]), .value(#"{"cy":{"age":20}}"#)),
        ]),
        .init(name: "set, merge and delete answer what was written", seed: #"{"a":{"x":1,"y":2},"b":true}"#, steps: [
            DatabaseTestStep(.set("/c", #"{"d":"e"}"#), .value(#"{"d":"e"}"#)),
            DatabaseTestStep(.merge("/a", #"{"y":3,"z/w":4}"#), .value(#"{"y":3,"z/w":4}"#)),
            DatabaseTestStep(.read("/a"), .value(#"{"x":1,"y":3,"z":{"w":4}}"#)),
            DatabaseTestStep(.delete("/b"), .value("null")),
            DatabaseTestStep(.read("/"), .value(#"{"a":{"x":1,"y":3,"z":{"w":4}},"c":{"d":"e"}}"#)),
        ]),
        .init(name: "push adds a child under a new push ID", steps: [
            DatabaseTestStep(.push("/messages", #""hello""#), .pushed(#""hello""#)),
            DatabaseTestStep(.push("/messages", #"{"a":1}"#), .pushed(#"{"a":1}"#)),
        ]),
        .init(name: "conditional writes apply when the ETag matches, else return the current value", seed: #"{"a":1}"#, steps: [
            DatabaseTestStep(.set("/a", "2", ifMatch: DatabaseETag.null), .stale("1")),
            DatabaseTestStep(.delete("/a", ifMatch: DatabaseETag.null), .stale("1")),
            DatabaseTestStep(.set("/new", "2", ifMatch: DatabaseETag.null), .value("2")),
            DatabaseTestStep(.read("/a"), .value("1")),
        ]),
        .init(name: "rules decide reads, writes and validation by caller", seed: #"{"n":1}"#, rules: signedInOnly, steps: [
            DatabaseTestStep(.anonymous, .read("/n"), denied),
            DatabaseTestStep(.user("alice"), .read("/n"), .value("1")),
            DatabaseTestStep(.anonymous, .set("/n", "2"), denied),
            DatabaseTestStep(.user("alice"), .set("/n", #""two""#), denied),
            DatabaseTestStep(.user("alice"), .set("/n", "2"), .value("2")),
            DatabaseTestStep(.user("alice"), .merge("/", #"{"n":"three"}"#), denied),
            DatabaseTestStep(.anonymous, .delete("/n"), denied),
            DatabaseTestStep(.anonymous, .push("/", "1"), denied),
            DatabaseTestStep(.admin, .set("/n", #""admin bypasses rules""#), .value(#""admin bypasses rules""#)),
        ]),
        .init(name: "subscribing needs read access", rules: signedInOnly, steps: [
            DatabaseTestStep(.anonymous, .subscribe("/n"), denied),
            DatabaseTestStep(.user("alice"), .subscribe("/n"), .streaming),
        ]),
        .init(name: "rules are the admin's to read and upload", steps: [
            DatabaseTestStep(.readRules, .rules(DatabaseRuleset.openAccessSource)),
            DatabaseTestStep(.user("alice"), .readRules, denied),
            DatabaseTestStep(.user("alice"), .uploadRules(#"{"rules":{".read":true}}"#), denied),
            DatabaseTestStep(.uploadRules(Self.badRules), .failed(400, Self.badRulesMessage)),
            DatabaseTestStep(.uploadRules(#"{"rules":{".read":true,".write":false}}"#), .uploaded),
            DatabaseTestStep(.readRules, .rules(#"{"rules":{".read":true,".write":false}}"#)),
            DatabaseTestStep(.anonymous, .set("/x", "1"), denied),
        ]),
        .init(name: "namespaces lists the one in use", seed: "{}", steps: [
            DatabaseTestStep(.anonymous, .namespaces, .namespaces(["demo-hearth-default-rtdb"]))
        ]),
    ]
}
