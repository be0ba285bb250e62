import Foundation
import HearthTesting
import Testing

/// Data for the import/export tests: every value type, subcollections, two databases of one
/// project and a second project, and 1,200 documents written in commits of 400; and a way to
/// read a whole database back (one kindless all-descendants query) to compare.
enum ExportFixture {
    /// (project, database) pairs the fixture writes.
    static let databases = [("ie", "(default)"), ("ie", "second"), ("ie2", "(default)")]
    static let bulkCount = 1_200

    /// Writes the fixture through `server`; returns what each database holds.
    static func seed(_ server: HearthProcess) throws -> [String: [String: NSDictionary]] {
        let values = ValueEncodingTests.cases.enumerated().map { #""v\#($0.offset)":\#($0.element.sent)"# }.joined(separator: ",")
        try self.expectOK(server.request("PATCH", documentsURL("ie", "values/all"), body: #"{"fields":{\#(values)}}"#))
        try self.expectOK(server.request("PATCH", documentsURL("ie", "values/all/sub/s1"), body: #"{"fields":{"n":{"integerValue":"1"}}}"#))
        try self.expectOK(server.request("PATCH", documentsURL("ie", "values/all/sub/s1/deeper/x"), body: "{}"))
        try self.expectOK(server.request("PATCH", documentsURL("ie", "c/d", database: "second"), body: #"{"fields":{"a":{"stringValue":"second"}}}"#))
        try self.expectOK(server.request("PATCH", documentsURL("ie2", "c/d"), body: #"{"fields":{"a":{"stringValue":"other project"}}}"#))
        for start in stride(from: 0, to: self.bulkCount, by: 400) {
            let writes = (start..<start + 400).map { index in
                #"{"update":{"name":"projects/ie/databases/(default)/documents/bulk/d\#(index)","fields":{"i":{"integerValue":"\#(index)"},"s":{"stringValue":"document \#(index)"}}}}"#
            }
            try self.expectOK(server.request("POST", documentsURL("ie") + ":commit", body: #"{"writes":[\#(writes.joined(separator: ","))]}"#))
        }
        return try self.contents(of: server)
    }

    /// Every document of every fixture database: "project/database" → relative path → fields.
    static func contents(of server: HearthProcess) throws -> [String: [String: NSDictionary]] {
        var result: [String: [String: NSDictionary]] = [:]
        for (project, database) in self.databases {
            let response = try server.request(
                "POST", documentsURL(project, database: database) + ":runQuery",
                body: #"{"structuredQuery":{"from":[{"allDescendants":true}]}}"#)
            try self.expectOK(response)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
            let root = "projects/\(project)/databases/\(database)/documents/"
            var documents: [String: NSDictionary] = [:]
            for row in rows {
                guard let document = row["document"] as? [String: Any], let name = document["name"] as? String else { continue }
                documents[String(name.dropFirst(root.count))] = (document["fields"] as? NSDictionary) ?? NSDictionary()
            }
            result["\(project)/\(database)"] = documents
        }
        return result
    }

    /// Reads `directory/hearth-export.json`.
    static func manifest(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/hearth-export.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private static func expectOK(_ response: RawHTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.status == 200, "\(response.bodyText)", sourceLocation: sourceLocation)
    }
}
