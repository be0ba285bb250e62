import Foundation
import HearthTesting
import Testing

/// The command line besides `serve`: `hearth rules check`, `hearth rules test`, `hearth token`, `--help`, `--version`.
@Suite struct CommandLineTests {
    typealias Run = ToolRun

    static func hearth(_ arguments: [String]) throws -> Run {
        try ToolRun.run(HearthProcess.binary.path, arguments)
    }

    /// Where a test's files go, removed after it.
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("cli") }

    /// A rules file holding `text`, in the test's directory.
    func file(_ text: String) throws -> String {
        try self.temporary.write(text, to: "\(UUID().uuidString).rules")
    }

    @Test func rulesCheckAcceptsAValidFile() throws {
        let path = try self.file("""
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /users/{uid} { allow read, write: if request.auth.uid == uid; }
              }
            }
            """)
        let run = try Self.hearth(["rules", "check", path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("OK"))
    }

    @Test func rulesCheckReportsEveryErrorWithItsPosition() throws {
        let path = try self.file("""
            service cloud.firestore {
              match /databases/{database}/documents {
                match /a/{id} {
                  allow read: if true
                  allow write: if nosuch(1);
                }
              }
            }
            """)
        let run = try Self.hearth(["rules", "check", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(path):5:7: error: expected ';'"))
        #expect(run.stderr.contains("\(path):5:23: warning: Invalid function name: nosuch"))
        #expect(run.stdout.contains("1 error(s), 1 warning(s)"))
    }

    /// The repository root, where `rules/` and `Tests/RulesTestFiles/` live.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    @Test func rulesTestRunsTheRepositoryRulesTestsWithoutFailures() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/rules")
            .filter { $0.hasSuffix(".test.json") }.sorted().map { Self.root + "/rules/" + $0 }
        #expect(files.count == 5)
        #expect(files.contains(Self.root + "/rules/database.test.json"))
        let run = try Self.hearth(["rules", "test"] + files)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix(" passed, 0 failed\n"))
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    @Test func rulesCheckCompilesRealtimeDatabaseRulesJSON() throws {
        let valid = try Self.hearth(["rules", "check", Self.root + "/rules/database.rules.json", Self.root + "/rules/firestore.rules"])
        #expect(valid.status == 0)
        #expect(valid.stdout == "\(Self.root)/rules/database.rules.json: OK (0 warning(s))\n\(Self.root)/rules/firestore.rules: OK (0 warning(s))\n")
        let path = try self.file("""
            // comments are allowed
            {
              "rules": {
                "a": { ".read": "auth.uid == $nosuch", ".write": 7 }
              }
            }
            """) + ".json"
        try FileManager.default.moveItem(atPath: String(path.dropLast(5)), toPath: path)
        let run = try Self.hearth(["rules", "check", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(path):4:34: error: unknown variable '$nosuch'"))
        #expect(run.stderr.contains("\(path):4:54: error: .write must be a boolean or a string expression, got number"))
        #expect(run.stdout.contains("2 error(s)"))
    }

    @Test func rulesTestRunsRealtimeDatabaseFilesAndExitsOneOnFailures() throws {
        let file = Self.root + "/Tests/RulesTestFiles/database-failing.test.json"
        let run = try Self.hearth(["rules", "test", file, Self.root + "/rules/database.test.json"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("\(file): case \"a stranger reads\": expected allow, got deny — no .read rule granted read of /notes/n1: "))
        #expect(lines[3].hasSuffix(" passed, 3 failed"))
    }

    @Test func rulesTestPrintsOneLinePerFailingCaseAndExitsOne() throws {
        let file = Self.root + "/Tests/RulesTestFiles/failing.test.json"
        let rules = Self.root + "/Tests/RulesTestFiles/notes.rules"
        let run = try Self.hearth(["rules", "test", file])
        #expect(run.status == 1)
        #expect(run.stdout == """
            \(file): case "a stranger reads": expected allow, got deny — get on notes/n1 was denied: \(rules):6: allow get → false
            \(file): case "the owner is kept out": expected deny, got allow — allowed by \(rules):6 for 'get'
            \(file): case "a create over an existing note": expected allow, got error — ALREADY_EXISTS: Document already exists: notes/n1
            3 passed, 3 failed

            """)
    }

    @Test func rulesTestReportsAMalformedFileAndStillRunsTheOthers() throws {
        let malformed = Self.root + "/Tests/RulesTestFiles/malformed.test.json"
        let profiles = Self.root + "/rules/profiles.test.json"
        let run = try Self.hearth(["rules", "test", malformed, profiles])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(malformed): error: case \"a misspelt member\": cases[1]: unknown member \"expected\""))
        #expect(run.stdout.hasSuffix(" passed, 0 failed (1 file could not be run)\n"))
    }

    @Test func tokenMintsAnUnsignedJWTTheServerAccepts() throws {
        let run = try Self.hearth(["token", "--uid", "alice", "--claims", #"{"admin":true}"#])
        #expect(run.status == 0)
        let token = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts[2].isEmpty)
        var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let data = try #require(Data(base64Encoded: payload))
        let claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(claims["sub"] as? String == "alice")
        #expect(claims["admin"] as? Bool == true)
        #expect(claims["aud"] as? String == "demo-hearth")

        let server = try HearthProcess()
        #expect(try server.request("PATCH", documentsURL("tok", "c/d"), headers: [("Authorization", "Bearer \(token)")], body: "{}").status == 200)
    }

    @Test func tokenRejectsClaimsThatAreNotAnObject() throws {
        let run = try Self.hearth(["token", "--uid", "alice", "--claims", "[1]"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--claims must be a JSON object"))
    }

    /// The memory and time bounds are documented in `serve --help` with their defaults, and a
    /// size that is not a positive number of bytes (with an optional K, M or G) is refused.
    @Test func serveDocumentsItsBoundsAndRefusesBadSizes() throws {
        let help = try Self.hearth(["serve", "--help"]).stdout
        for flag in ["--request-timeout", "--request-body-budget", "--stream-buffer", "--connection-buffer", "--idle-timeout"] {
            #expect(help.contains(flag))
        }
        #expect(help.contains("(default: 256M)") && help.contains("(default: 1M)") && help.contains("(default: 64K)"))
        for bad in ["0", "-1M", "1X", "lots"] {
            let run = try Self.hearth(["serve", "--in-memory", "--stream-buffer", bad])
            #expect(run.status != 0)
            #expect(run.stderr.contains("--stream-buffer"), "\(run.stderr)")
        }
    }

    @Test func helpAndVersion() throws {
        #expect(try Self.hearth(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try Self.hearth(["--help"]).stdout
        for subcommand in ["serve", "rules", "token"] { #expect(help.contains(subcommand)) }
    }
}
