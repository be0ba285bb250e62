import HearthRules
import Synchronization
import Testing

/// Real rulesets, real-looking requests → allow/deny plus the emulator-shaped explanation.
@Suite struct RulesetTests {
    static let now = RuleTimestamp(seconds: 1_700_000_000)

    static func compile(_ source: String) -> CompiledRuleset {
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: "firestore.rules")
        #expect(!diagnostics.containsErrors, "\(diagnostics.formatted(source: source))")
        return ruleset!
    }

    static let ownerRules = compile(
        """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /users/{uid} {
              allow read: if request.auth != null && request.auth.uid == uid;
              allow update: if resource.data.owner == request.auth.uid;
              allow create: if request.resource.data.keys().hasOnly(['name', 'owner'])
                            && request.resource.data.owner == request.auth.uid;
              allow list: if request.query.limit <= 10;
            }
            match /posts/{post} {
              allow get: if request.query.limit <= 10;
              allow delete: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.admin == true;
              allow update: if getAfter(/databases/$(database)/documents/posts/$(post)).data.count == 2
                            && !existsAfter(/databases/$(database)/documents/locks/$(post));
            }
          }
        }
        """)

    func request(
        _ method: RequestMethod, _ path: [String], uid: String? = "alice", resource: [String: RuleValue]? = nil,
        requestResource: [String: RuleValue]? = nil, query: ListQuery? = nil
    ) -> AccessRequest {
        AccessRequest(
            method: method, path: path, auth: uid.map { RequestAuth(uid: $0, token: ["email": .string("\($0)@x.com")]) },
            time: Self.now, resource: resource.map { RuleDocument(path: path, fields: $0) },
            requestResource: requestResource.map { RuleDocument(path: path, fields: $0) }, query: query)
    }

    @Test func ownerCanRead() {
        let d = Self.ownerRules.evaluate(request(.get, ["users", "alice"]), lookup: EmptyDocumentLookup())
        #expect(d.isAllowed)
        #expect(d.explanation == "allowed by firestore.rules:5 for 'get'")
    }

    /// A grant names the requested method and the granting statement's line, whichever of its
    /// declared methods (`read`, `write`) covers the request.
    @Test(arguments: [RequestMethod.get, .list, .create, .update, .delete])
    func aGrantIsExplainedByItsStatement(method: RequestMethod) {
        let rules = Self.compile(
            """
            service cloud.firestore { match /databases/{db}/documents { match /a/{b} {
              allow read;
              allow write: if b == 'x';
            } } }
            """)
        let d = rules.evaluate(request(method, method == .list ? ["a"] : ["a", "x"]), lookup: EmptyDocumentLookup())
        #expect(d.isAllowed)
        let line = method == .get || method == .list ? 2 : 3
        #expect(d.explanation == "allowed by firestore.rules:\(line) for '\(method.rawValue)'")
    }

    @Test func otherUserDeniedWithFalseExplanation() {
        let d = Self.ownerRules.evaluate(request(.get, ["users", "alice"], uid: "bob"), lookup: EmptyDocumentLookup())
        #expect(!d.isAllowed)
        #expect(d.explanation == "false for 'get' @ L5")
    }

    @Test func unauthenticatedShortCircuits() {
        let d = Self.ownerRules.evaluate(request(.get, ["users", "alice"], uid: nil), lookup: EmptyDocumentLookup())
        #expect(d.explanation == "false for 'get' @ L5")
    }

    @Test func nullResourceIsNullValueError() {
        let d = Self.ownerRules.evaluate(request(.update, ["users", "alice"]), lookup: EmptyDocumentLookup())
        #expect(!d.isAllowed)
        #expect(d.explanation == "Null value error. for 'update' @ L6")
    }

    @Test func updateByOwner() {
        let d = Self.ownerRules.evaluate(
            request(.update, ["users", "alice"], resource: ["owner": .string("alice")]), lookup: EmptyDocumentLookup())
        #expect(d.isAllowed)
    }

    @Test func createValidatesRequestResource() {
        let ok = request(.create, ["users", "alice"], requestResource: ["name": .string("A"), "owner": .string("alice")])
        #expect(Self.ownerRules.evaluate(ok, lookup: EmptyDocumentLookup()).isAllowed)
        let extra = request(.create, ["users", "alice"], requestResource: ["name": .string("A"), "owner": .string("alice"), "admin": .bool(true)])
        #expect(!Self.ownerRules.evaluate(extra, lookup: EmptyDocumentLookup()).isAllowed)
    }

    @Test func listChecksQueryLimit() {
        let ok = request(.list, ["users"], query: ListQuery(limit: 5))
        #expect(Self.ownerRules.evaluate(ok, lookup: EmptyDocumentLookup()).isAllowed)
        let big = request(.list, ["users"], query: ListQuery(limit: 50))
        // `allow read` applies too; its `uid` wildcard is unknown for a list, so it errors.
        #expect(
            Self.ownerRules.evaluate(big, lookup: EmptyDocumentLookup()).explanation
                == "Wildcard value is unknown for a list request. for 'list' @ L5; false for 'list' @ L9")
        let unlimited = request(.list, ["users"], query: ListQuery())
        #expect(!Self.ownerRules.evaluate(unlimited, lookup: EmptyDocumentLookup()).isAllowed)
    }

    @Test func unknownListValuesAreLocatedWhereTheRuleReadsThem() {
        let rules = Self.compile(
            """
            service cloud.firestore {
              match /databases/{database}/documents {
                match /notes/{id} {
                  allow list: if id.size() > 0;
                  allow list: if resource.id == 'n1';
                }
              }
            }
            """)
        var list = request(.list, ["notes"], query: ListQuery())
        list.listConstraints = ListConstraints()
        let d = rules.evaluate(list, lookup: EmptyDocumentLookup())
        let outcomes = d.evaluations.map(\.outcome)
        guard outcomes.count == 2, case .error(let wildcard, let first) = outcomes[0], case .error(let id, let second) = outcomes[1] else {
            Issue.record("expected two errors, got \(d.explanation)")
            return
        }
        #expect(wildcard.message == "Wildcard value is unknown for a list request.")
        #expect((first.line, first.column) == (4, 22), "the `id` the rule reads, not 0:0")
        #expect(id.message.contains("resource.id is unknown"))
        #expect(second.line == 5 && second.column > 0)
    }

    @Test func queryIsAbsentOnGet() {
        let d = Self.ownerRules.evaluate(request(.get, ["posts", "p1"]), lookup: EmptyDocumentLookup())
        #expect(d.explanation == "Property query is undefined on object. for 'get' @ L12")
    }

    /// Production compiles a ruleset that calls functions it does not know, warning "Invalid
    /// function name"; the call is an error when evaluated, so only the allow that reaches it
    /// denies and every other rule works.
    @Test func unknownFunctionsCompileWithAWarningAndDenyWhenEvaluated() {
        let source = """
            service cloud.firestore { match /databases/{db}/documents {
              match /flags/{id} { allow read: if bool("true"); }
              match /numbers/{id} { allow read: if math.isInfinite(resource.data.x); }
              match /maps/{id} { allow read: if resource.data.hasAll(['a']) || resource.data.nosuch(); }
              match /open/{id} { allow read: if true; }
            } }
            """
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: "firestore.rules")
        #expect(!diagnostics.containsErrors, "\(diagnostics.formatted(source: source))")
        #expect(
            diagnostics.map(\.description) == [
                "firestore.rules:2:38: warning: Invalid function name: bool",
                "firestore.rules:3:40: warning: Invalid function name: math.isInfinite",
                "firestore.rules:4:81: warning: Invalid function name: nosuch",
            ])
        guard let ruleset else { return }
        #expect(ruleset.warnings.count == 3)
        #expect(ruleset.evaluate(request(.get, ["open", "x"]), lookup: EmptyDocumentLookup()).isAllowed)
        for collection in ["flags", "numbers", "maps"] {
            let d = ruleset.evaluate(request(.get, [collection, "x"], resource: ["x": .float(1), "a": .int(1)]), lookup: EmptyDocumentLookup())
            #expect(!d.isAllowed, "\(collection)")
            #expect(d.explanation.contains("Function not found"), "\(collection): \(d.explanation)")
        }
    }

    @Test func noMatchingAllow() {
        let d = Self.ownerRules.evaluate(request(.get, ["other", "x"]), lookup: EmptyDocumentLookup())
        #expect(!d.isAllowed)
        #expect(d.explanation == "No matching allow statements")
        let wrongMethod = Self.ownerRules.evaluate(request(.delete, ["users", "alice"]), lookup: EmptyDocumentLookup())
        #expect(wrongMethod.explanation == "No matching allow statements")
    }

    @Test func getLookupAndMissingDocumentError() {
        let lookup = InMemoryDocumentLookup(before: ["users/alice": ["admin": .bool(true)]])
        #expect(Self.ownerRules.evaluate(request(.delete, ["posts", "p"]), lookup: lookup).isAllowed)
        let d = Self.ownerRules.evaluate(request(.delete, ["posts", "p"], uid: "bob"), lookup: lookup)
        #expect(!d.isAllowed)
        #expect(d.explanation.hasPrefix("Service call error. Function: [get], Argument: [path_value /databases/(default)/documents/users/bob]"))
    }

    @Test func getAfterSeesProjectedState() {
        let lookup = InMemoryDocumentLookup(
            before: ["posts/p": ["count": .int(1)], "locks/p": [:]], after: ["posts/p": ["count": .int(2)], "locks/p": Optional<[String: RuleValue]>.none])
        #expect(Self.ownerRules.evaluate(request(.update, ["posts", "p"], resource: ["count": .int(1)]), lookup: lookup).isAllowed)
        let locked = InMemoryDocumentLookup(before: ["posts/p": ["count": .int(1)], "locks/p": [:]], after: ["posts/p": ["count": .int(2)]])
        #expect(!Self.ownerRules.evaluate(request(.update, ["posts", "p"], resource: ["count": .int(1)]), lookup: locked).isAllowed)
    }

    @Test func nestedMatchAppliesOnlyToExactPath() {
        let rules = Self.compile(
            """
            service cloud.firestore {
              match /databases/{database}/documents {
                match /rooms/{room} {
                  allow read: if false;
                  match /messages/{msg} { allow read: if true; }
                }
              }
            }
            """)
        #expect(rules.evaluate(request(.get, ["rooms", "r", "messages", "m"]), lookup: EmptyDocumentLookup()).isAllowed)
        #expect(!rules.evaluate(request(.get, ["rooms", "r"]), lookup: EmptyDocumentLookup()).isAllowed)
        let deeper = rules.evaluate(request(.get, ["rooms", "r", "messages", "m", "x", "y"]), lookup: EmptyDocumentLookup())
        #expect(deeper.explanation == "No matching allow statements")
    }

    @Test func recursiveWildcardVersions() {
        let v1 = Self.compile(
            "service cloud.firestore { match /databases/{database}/documents { match /{doc=**} { allow read: if doc is path; } } }")
        #expect(v1.version == 1)
        #expect(v1.evaluate(request(.get, ["a", "b"]), lookup: EmptyDocumentLookup()).isAllowed)
        #expect(v1.evaluate(request(.get, ["a", "b", "c", "d"]), lookup: EmptyDocumentLookup()).isAllowed)
        let v2 = Self.compile(
            """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /{path=**}/posts/{post} { allow read: if path == /users/u1 || path == path(''); }
              }
            }
            """)
        #expect(v2.evaluate(request(.get, ["posts", "p"]), lookup: EmptyDocumentLookup()).isAllowed, "zero segments in v2")
        #expect(v2.evaluate(request(.get, ["users", "u1", "posts", "p"]), lookup: EmptyDocumentLookup()).isAllowed)
        #expect(!v2.evaluate(request(.get, ["users", "u2", "posts", "p"]), lookup: EmptyDocumentLookup()).isAllowed)
        #expect(v2.evaluate(request(.list, ["users", "u1", "posts"]), lookup: EmptyDocumentLookup()).isAllowed)
    }

    @Test func multipleAllowsAreAllExplained() {
        let rules = Self.compile(
            """
            service cloud.firestore {
              match /databases/{database}/documents {
                match /c/{d} {
                  allow get: if resource.data.x == 1;
                  allow read: if false;
                }
                match /{any=**} { allow get: if 1 > 'a'; }
              }
            }
            """)
        let d = rules.evaluate(request(.get, ["c", "d"], resource: ["y": .int(1)]), lookup: EmptyDocumentLookup())
        #expect(!d.isAllowed)
        #expect(d.evaluations.count == 3)
        #expect(
            d.explanation
                == "Property x is undefined on object. for 'get' @ L4; false for 'get' @ L5; Unsupported operation error. Received: int > string. for 'get' @ L7")
    }

    @Test func functionsScopesAndLets() {
        let rules = Self.compile(
            """
            function signedIn() { return request.auth != null; }
            service cloud.firestore {
              function isAdmin() { return request.auth.token.email.matches('.*@admin[.]com'); }
              match /databases/{database}/documents {
                function owner(uid) { let me = request.auth.uid; return signedIn() && me == uid; }
                match /u/{uid} {
                  function owner(x) { return false; }
                  allow get: if owner(uid) || isAdmin();
                }
                match /v/{uid} { allow get: if owner(uid); }
              }
            }
            """)
        #expect(!rules.evaluate(request(.get, ["u", "alice"]), lookup: EmptyDocumentLookup()).isAllowed, "inner shadows outer")
        #expect(rules.evaluate(request(.get, ["u", "root"], uid: "root"), lookup: EmptyDocumentLookup()).isAllowed == false)
        #expect(rules.evaluate(request(.get, ["v", "alice"]), lookup: EmptyDocumentLookup()).isAllowed)
        let admin = AccessRequest(method: .get, path: ["u", "z"], auth: RequestAuth(uid: "a", token: ["email": .string("a@admin.com")]), time: Self.now)
        #expect(rules.evaluate(admin, lookup: EmptyDocumentLookup()).isAllowed)
    }

    @Test func lookupLimitAndCache() {
        var conditions: [String] = []
        for i in 0..<11 { conditions.append("!exists(/databases/$(database)/documents/c/d\(i))") }
        let rules = Self.compile(
            """
            service cloud.firestore {
              match /databases/{database}/documents {
                match /ten/{x} { allow get: if \(conditions.prefix(10).joined(separator: " && ")) && !exists(/databases/$(database)/documents/c/d0); }
                match /eleven/{x} { allow get: if \(conditions.joined(separator: " && ")); }
              }
            }
            """)
        #expect(rules.evaluate(request(.get, ["ten", "a"]), lookup: EmptyDocumentLookup()).isAllowed, "cached repeat is free")
        let d = rules.evaluate(request(.get, ["eleven", "a"]), lookup: EmptyDocumentLookup())
        #expect(!d.isAllowed)
        #expect(d.explanation.contains("Exceeded maximum number of document access calls (10)"))
        // One operation of a multi-document request: still 10 for it, 20 for the whole request.
        var multi = request(.get, ["eleven", "a"])
        multi.limits = .multiDocument
        #expect(!rules.evaluate(multi, lookup: EmptyDocumentLookup()).isAllowed, "10 per operation, even in a batch")
        var ten = request(.get, ["ten", "a"])
        ten.limits = .multiDocument
        let first = rules.evaluate(ten, lookup: EmptyDocumentLookup())
        #expect(first.isAllowed && first.documentLookups == 10)
        #expect(rules.evaluate(ten, lookup: EmptyDocumentLookup(), lookupsSoFar: 10).isAllowed, "20 for the whole request")
        let over = rules.evaluate(ten, lookup: EmptyDocumentLookup(), lookupsSoFar: 11)
        #expect(!over.isAllowed)
        #expect(over.explanation.contains("Exceeded maximum number of document access calls (20 for the whole request)"))
        #expect(!rules.evaluate(request(.get, ["ten", "a"]), lookup: EmptyDocumentLookup(), lookupsSoFar: 1).isAllowed, "10 in all for a single request")
    }

    @Test func callDepthLimit() {
        var functions = "function f0() { return true; }\n"
        for i in 1...21 { functions += "function f\(i)() { return f\(i - 1)(); }\n" }
        let rules = Self.compile(
            """
            \(functions)
            service cloud.firestore {
              match /databases/{database}/documents {
                match /a/{b} { allow get: if f19(); }
                match /c/{d} { allow get: if f21(); }
              }
            }
            """)
        #expect(rules.evaluate(request(.get, ["a", "b"]), lookup: EmptyDocumentLookup()).isAllowed)
        let d = rules.evaluate(request(.get, ["c", "d"]), lookup: EmptyDocumentLookup())
        #expect(d.explanation.contains("Maximum function call depth (20) exceeded."))
    }

    @Test func expressionLimit() {
        let rules = Self.compile(
            "service cloud.firestore { match /databases/{db}/documents { match /a/{b} { allow get: if [1,2,3,4,5,6,7,8,9,10].size() == 10; } } }")
        var r = request(.get, ["a", "b"])
        #expect(rules.evaluate(r, lookup: EmptyDocumentLookup()).isAllowed)
        r.limits = EvaluationLimits(maxExpressions: 5)
        #expect(rules.evaluate(r, lookup: EmptyDocumentLookup()).explanation.contains("Exceeded maximum number of expressions"))
    }

    @Test func debugSinkReceivesValues() {
        final class Collected: Sendable { let values = Mutex<[String]>([]) }
        let collected = Collected()
        let rules = Self.compile(
            "service cloud.firestore { match /databases/{db}/documents { match /a/{b} { allow get: if debug(b) == 'x'; } } }")
        let d = rules.evaluate(request(.get, ["a", "x"]), lookup: EmptyDocumentLookup()) { value, location in
            collected.values.withLock { $0.append("\(value)@\(location.line)") }
        }
        #expect(d.isAllowed)
        #expect(collected.values.withLock { $0 } == ["'x'@1"])
        // Callers build a sink only for rules that call debug(), in a condition or a function.
        #expect(rules.callsDebug)
        #expect(!Self.ownerRules.callsDebug)
        let inFunction = Self.compile(
            "service cloud.firestore { function f(x) { return debug(x); } match /databases/{db}/documents { match /a/{b} { allow get: if f(b); } } }")
        #expect(inFunction.callsDebug)
    }

    @Test func requestFields() {
        let rules = Self.compile(
            """
            service cloud.firestore {
              match /databases/{database}/documents {
                match /a/{b} {
                  allow create: if request.method == 'create'
                    && request.path == /databases/$(database)/documents/a/$(b)
                    && request.time == timestamp.value(1700000000000)
                    && request.resource.id == b
                    && request.resource.__name__ == /databases/(default)/documents/a/$(b)
                    && resource == null
                    && request.auth.token.email == 'alice@x.com';
                }
              }
            }
            """)
        let d = rules.evaluate(request(.create, ["a", "q"], requestResource: [:]), lookup: EmptyDocumentLookup())
        #expect(d.isAllowed, "\(d)")
    }

    @Test func unconditionalAllowAndWriteCoversDelete() {
        let rules = Self.compile("service cloud.firestore { match /databases/{db}/documents { match /a/{b} { allow write; } } }")
        #expect(rules.evaluate(request(.delete, ["a", "b"]), lookup: EmptyDocumentLookup()).isAllowed)
        #expect(!rules.evaluate(request(.get, ["a", "b"]), lookup: EmptyDocumentLookup()).isAllowed)
    }
}
