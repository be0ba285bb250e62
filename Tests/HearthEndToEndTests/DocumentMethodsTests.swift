import Foundation
import HearthTesting
import Testing

/// GetDocument, CreateDocument, UpdateDocument (PATCH) and DeleteDocument against a real server.
@Suite struct DocumentMethodsTests {
    let server: HearthProcess
    init() throws { self.server = try HearthProcess() }

    @Test func createThenGetReturnsTheSameDocument() throws {
        let created = try self.server.request(
            "POST", documentsURL("p1", "rooms?documentId=r1"),
            body: #"{"fields":{"title":{"stringValue":"Lobby"},"seats":{"integerValue":"12"}}}"#)
        #expect(created.status == 200)
        let document = try created.json
        #expect(document.string("name") == "projects/p1/databases/(default)/documents/rooms/r1")
        #expect(document.string("createTime") == document.string("updateTime"))
        #expect(document.object("fields").object("seats").string("integerValue") == "12")

        let fetched = try self.server.request("GET", documentsURL("p1", "rooms/r1"))
        #expect(fetched.status == 200)
        #expect(fetched.bodyText == created.bodyText)
    }

    @Test func createWithoutIDPicksTwentyAlphanumericCharacters() throws {
        let created = try self.server.request("POST", documentsURL("p1", "rooms"), body: "{}")
        #expect(created.status == 200)
        let id = try #require(try created.json.string("name")?.split(separator: "/").last)
        #expect(id.count == 20)
        #expect(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(try created.json["fields"] == nil)
    }

    @Test func createOfAnExistingDocumentIsAlreadyExists() throws {
        _ = try self.server.request("POST", documentsURL("p1", "rooms?documentId=r1"), body: "{}")
        let again = try self.server.request("POST", documentsURL("p1", "rooms?documentId=r1"), body: "{}")
        #expect(again.status == 409)
        #expect(again.errorStatus == "ALREADY_EXISTS")
        #expect(again.errorMessage.contains("projects/p1/databases/(default)/documents/rooms/r1"))
    }

    @Test func getOfAMissingDocumentIsNotFoundNamingIt() throws {
        let missing = try self.server.request("GET", documentsURL("p1", "rooms/nope"))
        #expect(missing.status == 404)
        #expect(missing.errorStatus == "NOT_FOUND")
        #expect(missing.errorMessage.contains("rooms/nope"))
    }

    @Test func patchWithoutMaskReplacesTheWholeDocumentAndUpserts() throws {
        let first = try self.server.request("PATCH", documentsURL("p1", "users/u1"), body: #"{"fields":{"a":{"integerValue":"1"},"b":{"integerValue":"2"}}}"#)
        #expect(first.status == 200)
        let second = try self.server.request("PATCH", documentsURL("p1", "users/u1"), body: #"{"fields":{"c":{"booleanValue":true}}}"#)
        let fields = try second.json.object("fields")
        #expect(fields.keys.sorted() == ["c"])
        #expect(try second.json.string("createTime") == first.json.string("createTime"))
    }

    @Test func patchWithUpdateMaskTouchesOnlyMaskedPathsAndDeletesAbsentOnes() throws {
        _ = try self.server.request(
            "PATCH", documentsURL("p1", "users/u2"),
            body: #"{"fields":{"keep":{"stringValue":"k"},"gone":{"stringValue":"g"},"profile":{"mapValue":{"fields":{"age":{"integerValue":"1"},"city":{"stringValue":"Oslo"}}}}}}"#)
        let patched = try self.server.request(
            "PATCH",
            documentsURL("p1", "users/u2?updateMask.fieldPaths=profile.age&updateMask.fieldPaths=gone&update_mask.field_paths=new"),
            body: #"{"fields":{"profile":{"mapValue":{"fields":{"age":{"integerValue":"2"}}}},"new":{"nullValue":null},"ignored":{"stringValue":"x"}}}"#)
        #expect(patched.status == 200)
        let fields = try patched.json.object("fields")
        #expect(fields.keys.sorted() == ["keep", "new", "profile"])
        let profile = fields.object("profile").object("mapValue").object("fields")
        #expect(profile.object("age").string("integerValue") == "2")
        #expect(profile.object("city").string("stringValue") == "Oslo")
    }

    @Test func aNoOpWriteKeepsUpdateTimeAndARealChangeAdvancesIt() throws {
        let body = #"{"fields":{"n":{"integerValue":"1"}}}"#
        let first = try self.server.request("PATCH", documentsURL("p1", "c/d"), body: body).json
        let same = try self.server.request("PATCH", documentsURL("p1", "c/d"), body: body).json
        #expect(same.string("updateTime") == first.string("updateTime"))
        let changed = try self.server.request("PATCH", documentsURL("p1", "c/d"), body: #"{"fields":{"n":{"doubleValue":1}}}"#).json
        #expect(try #require(changed.string("updateTime")) > #require(first.string("updateTime")))
        #expect(changed.string("createTime") == first.string("createTime"))
    }

    @Test func preconditionsGuardUpdatesAndDeletes() throws {
        let missingUpdate = try self.server.request("PATCH", documentsURL("p1", "c/x?currentDocument.exists=true"), body: "{}")
        #expect(missingUpdate.status == 404)
        #expect(missingUpdate.errorMessage.contains("No document to update: projects/p1/databases/(default)/documents/c/x"))

        let created = try self.server.request("PATCH", documentsURL("p1", "c/x?currentDocument.exists=false"), body: "{}")
        #expect(created.status == 200)
        let exists = try self.server.request("PATCH", documentsURL("p1", "c/x?currentDocument.exists=false"), body: "{}")
        #expect(exists.status == 409)

        let stale = try self.server.request("PATCH", documentsURL("p1", "c/x?currentDocument.updateTime=2001-01-01T00:00:00Z"), body: "{}")
        #expect(stale.status == 400)
        #expect(stale.errorStatus == "FAILED_PRECONDITION")
        #expect(stale.errorMessage.contains("does not match the required base version"))

        let time = try #require(try created.json.string("updateTime"))
        let fresh = try self.server.request("PATCH", documentsURL("p1", "c/x?currentDocument.updateTime=\(time)"), body: #"{"fields":{"v":{"integerValue":"1"}}}"#)
        #expect(fresh.status == 200)

        let deleteStale = try self.server.request("DELETE", documentsURL("p1", "c/x?currentDocument.updateTime=\(time)"))
        #expect(deleteStale.status == 400)
        #expect(try self.server.request("GET", documentsURL("p1", "c/x")).status == 200)
    }

    @Test func deleteRemovesTheDocumentAndDeletingAMissingOneSucceeds() throws {
        _ = try self.server.request("PATCH", documentsURL("p1", "c/gone"), body: "{}")
        let deleted = try self.server.request("DELETE", documentsURL("p1", "c/gone"))
        #expect(deleted.status == 200)
        #expect(deleted.bodyText == "{}")
        #expect(try self.server.request("GET", documentsURL("p1", "c/gone")).status == 404)
        #expect(try self.server.request("DELETE", documentsURL("p1", "c/gone")).status == 200)
        let mustExist = try self.server.request("DELETE", documentsURL("p1", "c/gone?currentDocument.exists=true"))
        #expect(mustExist.status == 404)
    }

    @Test func maskLimitsReturnedFieldsOnly() throws {
        _ = try self.server.request(
            "PATCH", documentsURL("p1", "c/m"),
            body: #"{"fields":{"a":{"integerValue":"1"},"b":{"mapValue":{"fields":{"x":{"integerValue":"2"},"y":{"integerValue":"3"}}}}}}"#)
        let masked = try self.server.request("GET", documentsURL("p1", "c/m?mask.fieldPaths=b.x&mask.fieldPaths=nope")).json
        #expect(masked.object("fields").keys.sorted() == ["b"])
        #expect(masked.object("fields").object("b").object("mapValue").object("fields").keys.sorted() == ["x"])
        #expect(masked.string("createTime") != nil)
        let none = try self.server.request("GET", documentsURL("p1", "c/m?mask.fieldPaths=_none_")).json
        #expect(none["fields"] == nil)
    }

    @Test func nestedDocumentsAndSubcollectionsAreIndependent() throws {
        _ = try self.server.request("PATCH", documentsURL("p1", "a/1/b/2/c/3"), body: #"{"fields":{"deep":{"booleanValue":true}}}"#)
        #expect(try self.server.request("GET", documentsURL("p1", "a/1/b/2/c/3")).status == 200)
        #expect(try self.server.request("GET", documentsURL("p1", "a/1")).status == 404)
    }
}
