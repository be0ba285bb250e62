import Foundation
import HearthTesting
import Testing

/// The streaming-shaped and verb methods on the wire: runQuery, runAggregationQuery, commit,
/// batchGet, batchWrite, transactions and listCollectionIds.
@Suite struct QueryAndCommitTests {
    let server: HearthProcess
    init() throws {
        self.server = try HearthProcess()
        let writes = (1...5).map { i in
            #"{"update":{"name":"projects/q/databases/(default)/documents/items/i\#(i)","fields":{"n":{"integerValue":"\#(i)"},"even":{"booleanValue":\#(i % 2 == 0)}}}}"#
        }
        let seeded = try self.server.request("POST", documentsURL("q") + ":commit", body: #"{"writes":[\#(writes.joined(separator: ","))]}"#)
        #expect(seeded.status == 200)
    }

    private func post(_ verb: String, _ body: String, path: String = "") throws -> RawHTTPResponse {
        try self.server.request("POST", documentsURL("q", path) + ":" + verb, body: body)
    }

    private func array(_ response: RawHTTPResponse) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]], "\(response.bodyText)")
    }

    @Test func runQueryAnswersAJSONArrayWithReadTimeOnEveryElement() throws {
        // Numeric enums, as the Python REST transport sends them: op 3 = GREATER_THAN, direction 2 = DESCENDING.
        let body = #"{"structuredQuery":{"from":[{"collectionId":"items"}],"where":{"fieldFilter":{"field":{"fieldPath":"n"},"op":3,"value":{"integerValue":"1"}}},"orderBy":[{"field":{"fieldPath":"n"},"direction":2}],"offset":1,"limit":2}}"#
        let elements = try self.array(self.post("runQuery", body))
        #expect(elements.count == 2)
        #expect(elements.allSatisfy { $0["readTime"] is String })
        #expect(elements.map { $0.object("document").string("name")?.hasSuffix("/i4") == true } == [true, false])
        #expect(elements[0]["skippedResults"] as? Int == 1)
    }

    @Test func anEmptyResultIsOneReadTimeElement() throws {
        let elements = try self.array(self.post("runQuery", #"{"structuredQuery":{"from":[{"collectionId":"nothing"}]}}"#))
        #expect(elements.count == 1)
        #expect(elements[0].keys.sorted() == ["readTime"])
    }

    @Test func aggregationsGetTheServiceDefaultAliases() throws {
        let body = #"{"structuredAggregationQuery":{"structuredQuery":{"from":[{"collectionId":"items"}]},"aggregations":[{"count":{}},{"sum":{"field":{"fieldPath":"n"}}},{"alias":"mean","avg":{"field":{"fieldPath":"n"}}}]}}"#
        let fields = try self.array(self.post("runAggregationQuery", body))[0].object("result").object("aggregateFields")
        #expect(fields.object("field_1").string("integerValue") == "5")
        #expect(fields.object("field_2").string("integerValue") == "15")
        #expect(fields.object("mean")["doubleValue"] as? Double == 3)
    }

    @Test func commitAppliesTransformsAndReportsTheirResults() throws {
        let body = #"{"writes":[{"update":{"name":"projects/q/databases/(default)/documents/items/i1"},"updateMask":{},"updateTransforms":[{"fieldPath":"n","increment":{"integerValue":"10"}},{"fieldPath":"tags","appendMissingElements":{"values":[{"stringValue":"a"}]}}],"currentDocument":{"exists":true}}]}"#
        let result = try self.post("commit", body).json
        let transformResults = result.array("writeResults")[0].array("transformResults")
        #expect(transformResults.first?.string("integerValue") == "11")
        #expect(result.string("commitTime") != nil)
    }

    @Test func aFailedWriteFailsTheWholeCommit() throws {
        let body = #"{"writes":[{"update":{"name":"projects/q/databases/(default)/documents/items/new"}},{"delete":"projects/q/databases/(default)/documents/items/none","currentDocument":{"exists":true}}]}"#
        let response = try self.post("commit", body)
        #expect(response.status == 404)
        #expect(try self.server.request("GET", documentsURL("q", "items/new")).status == 404)
    }

    @Test func batchGetAnswersFoundAndMissingOncePerName() throws {
        let name = "projects/q/databases/(default)/documents/items"
        let elements = try self.array(self.post("batchGet", #"{"documents":["\#(name)/i1","\#(name)/zz","\#(name)/i1"],"mask":{"fieldPaths":["even"]}}"#))
        #expect(elements.count == 2)
        #expect(elements[0].object("found").object("fields").keys.sorted() == ["even"])
        #expect(elements[1].string("missing") == "\(name)/zz")
    }

    @Test func batchWriteReportsOneStatusPerWrite() throws {
        let body = #"{"writes":[{"update":{"name":"projects/q/databases/(default)/documents/items/b1"}},{"delete":"projects/q/databases/(default)/documents/items/none","currentDocument":{"exists":true}}]}"#
        let result = try self.post("batchWrite", body).json
        let statuses = result.array("status")
        #expect(statuses.count == 2)
        #expect(statuses[0].isEmpty)
        #expect(statuses[1]["code"] as? Int == 5)
        #expect(try self.server.request("GET", documentsURL("q", "items/b1")).status == 200)
    }

    @Test func aTransactionWhoseReadChangedIsAbortedWith409() throws {
        let transaction = try #require(try self.post("beginTransaction", "{}").json.string("transaction"))
        let read = try self.post("batchGet", #"{"documents":["projects/q/databases/(default)/documents/items/i2"],"transaction":"\#(transaction)"}"#)
        #expect(read.status == 200)
        _ = try self.server.request("PATCH", documentsURL("q", "items/i2"), body: #"{"fields":{"n":{"integerValue":"99"}}}"#)
        let commit = try self.post("commit", #"{"writes":[{"update":{"name":"projects/q/databases/(default)/documents/items/i2"}}],"transaction":"\#(transaction)"}"#)
        #expect(commit.status == 409)
        #expect(commit.errorStatus == "ABORTED")
        #expect(try self.post("rollback", #"{"transaction":"\#(transaction)"}"#).status == 200)
    }

    @Test func newTransactionComesBackAsTheFirstElement() throws {
        let elements = try self.array(self.post("runQuery", #"{"structuredQuery":{"from":[{"collectionId":"items"}],"limit":1},"newTransaction":{"readWrite":{}}}"#))
        #expect(elements.first?.keys.sorted() == ["transaction"])
        #expect(elements.count == 2)
    }

    @Test func listCollectionIdsPagesThroughSortedIDs() throws {
        for path in ["b/1", "a/1", "c/1", "items/i1/sub/x"] {
            _ = try self.server.request("PATCH", documentsURL("q", path), body: "{}")
        }
        let first = try self.post("listCollectionIds", #"{"pageSize":2}"#).json
        #expect(first["collectionIds"] as? [String] == ["a", "b"])
        let token = try #require(first.string("nextPageToken"))
        let second = try self.post("listCollectionIds", #"{"pageSize":2,"pageToken":"\#(token)"}"#).json
        #expect(second["collectionIds"] as? [String] == ["c", "items"])
        let under = try self.post("listCollectionIds", "", path: "items/i1").json
        #expect(under["collectionIds"] as? [String] == ["sub"])
    }

    @Test(arguments: [
        #"{"structuredQuery":{"from":[{"collectionId":"items"}],"where":{"fieldFilter":{"field":{"fieldPath":"n"},"op":"IN","value":{"arrayValue":{"values":[]}}}}}}"#,
        #"{"structuredQuery":{"from":[]}}"#,
        #"{"structuredQuery":{"from":[{"collectionId":"items"}],"where":{"fieldFilter":{"field":{"fieldPath":"__name__"},"op":"EQUAL","value":{"stringValue":"items/i1"}}}}}"#,
        #"{"structuredQuery":{"from":[{"collectionId":"items"}],"orderBy":[{"field":{"fieldPath":"n"}}],"startAt":{"values":[{"integerValue":"1"},{"integerValue":"2"},{"integerValue":"3"}]}}}"#,
        #"{"structuredQuery":{"from":[{"collectionId":"items"}],"limit":-1}}"#,
        #"{"structuredQuery":{"from":[{"collectionId":"items"}],"where":{"fieldFilter":{"field":{"fieldPath":"n"},"op":"SIDEWAYS","value":{"integerValue":"1"}}}}}"#,
        #"{"transaction":"!!!","structuredQuery":{"from":[{"collectionId":"items"}]}}"#,
    ])
    func invalidQueriesAreInvalidArgument(_ body: String) throws {
        let response = try self.post("runQuery", body)
        #expect(response.status == 400, "\(response.bodyText)")
        #expect(response.errorStatus == "INVALID_ARGUMENT")
    }
}

@Suite struct PartitionQueryTests {
    @Test func aCollectionGroupQueryIsOnePartition() throws {
        let server = try HearthProcess()
        let ok = try server.request("POST", documentsURL("pq") + ":partitionQuery", body: #"{"structuredQuery":{"from":[{"collectionId":"c","allDescendants":true}],"orderBy":[{"field":{"fieldPath":"__name__"}}]},"partitionCount":"4"}"#)
        #expect(ok.status == 200)
        #expect(ok.bodyText == "{}")
        let notGroup = try server.request("POST", documentsURL("pq") + ":partitionQuery", body: #"{"structuredQuery":{"from":[{"collectionId":"c"}]},"partitionCount":"4"}"#)
        #expect(notGroup.status == 400)
    }
}
