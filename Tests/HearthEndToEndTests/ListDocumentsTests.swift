import Foundation
import HearthTesting
import Testing

/// ListDocuments: order, paging with tokens, orderBy on fields, masks and showMissing.
@Suite struct ListDocumentsTests {
    let server: HearthProcess
    init() throws { self.server = try HearthProcess() }

    private func seed(_ ids: [String], collection: String = "items") throws {
        for (index, id) in ids.enumerated() {
            let response = try self.server.request(
                "PATCH", documentsURL("lp", "\(collection)/\(id)"), body: #"{"fields":{"rank":{"integerValue":"\#(index % 3)"}}}"#)
            #expect(response.status == 200)
        }
    }

    private func ids(_ page: [String: Any]) -> [String] {
        page.array("documents").compactMap { $0.string("name")?.split(separator: "/").last.map(String.init) }
    }

    @Test func listsInKeyOrderAndPagesWithTokens() throws {
        let all = ["b", "a", "__id7__", "c", "aa", "e", "d"]
        try self.seed(all)
        var collected: [String] = []
        var token = ""
        var pages = 0
        repeat {
            let page = try self.server.request("GET", documentsURL("lp", "items?pageSize=3&pageToken=\(token)")).json
            collected += self.ids(page)
            token = page.string("nextPageToken") ?? ""
            pages += 1
        } while !token.isEmpty && pages < 10
        #expect(collected == ["__id7__", "a", "aa", "b", "c", "d", "e"])
        #expect(pages == 3)
    }

    @Test func orderByFieldDescendingThenNameInTheSameDirection() throws {
        try self.seed(["a", "b", "c", "d", "e"])
        let page = try self.server.request("GET", documentsURL("lp", "items?orderBy=rank%20desc")).json
        // ranks: a0 b1 c2 d0 e1 → rank desc, then __name__ desc
        #expect(self.ids(page) == ["c", "e", "b", "d", "a"])
        let paged = try self.server.request("GET", documentsURL("lp", "items?orderBy=rank%20desc&pageSize=2")).json
        let token = try #require(paged.string("nextPageToken"))
        let second = try self.server.request("GET", documentsURL("lp", "items?orderBy=rank%20desc&pageSize=2&pageToken=\(token)")).json
        #expect(self.ids(second) == ["b", "d"])
    }

    @Test func emptyCollectionIsAnEmptyObject() throws {
        let page = try self.server.request("GET", documentsURL("lp", "nothing"))
        #expect(page.status == 200)
        #expect(page.bodyText == "{}")
    }

    @Test func showMissingListsParentsThatOnlyHaveSubcollections() throws {
        _ = try self.server.request("PATCH", documentsURL("lp", "rooms/r1"), body: "{}")
        _ = try self.server.request("PATCH", documentsURL("lp", "rooms/r2/messages/m1"), body: "{}")
        let plain = try self.server.request("GET", documentsURL("lp", "rooms")).json
        #expect(self.ids(plain) == ["r1"])
        let withMissing = try self.server.request("GET", documentsURL("lp", "rooms?showMissing=true&mask.fieldPaths=_none_")).json
        #expect(self.ids(withMissing) == ["r1", "r2"])
        let missing = withMissing.array("documents")[1]
        #expect(missing["createTime"] == nil)
        _ = try self.server.request("DELETE", documentsURL("lp", "rooms/r2/messages/m1"))
        let afterDelete = try self.server.request("GET", documentsURL("lp", "rooms?show_missing=true")).json
        #expect(self.ids(afterDelete) == ["r1"])
    }

    @Test func invalidListParametersAreInvalidArgument() throws {
        for query in ["pageSize=-1", "pageSize=ten", "orderBy=a%20sideways", "pageToken=garbage!", "showMissing=true&orderBy=rank"] {
            let response = try self.server.request("GET", documentsURL("lp", "items?\(query)"))
            #expect(response.status == 400, "\(query)")
            #expect(response.errorStatus == "INVALID_ARGUMENT", "\(query)")
        }
    }

    /// Issue 35 item 1: a token with fewer values than the order has fields (this one holds a
    /// path alone) made the store index past its values and trap. Tokens from another
    /// collection or ordering, or with extra values, are refused too; the server keeps serving.
    @Test func pageTokensThatDoNotMatchTheRequestAreInvalidArgument() throws {
        try self.seed(["a", "b", "c"])
        func token(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let forged = [
            ("orderBy=rank", token(#"["items/a"]"#)),
            ("orderBy=rank", token(#"["other/a",{"integerValue":"0"}]"#)),
            ("orderBy=rank", token(#"["items/a",{"integerValue":"0"},{"integerValue":"1"}]"#)),
            ("orderBy=rank,__name__%20desc", token(#"[]"#)),
            ("pageSize=1", token(#"["items/a",{"integerValue":"0"}]"#)),
            ("pageSize=1", token(#"["items/a/sub/x"]"#)),
        ]
        for (query, pageToken) in forged {
            let response = try self.server.request("GET", documentsURL("lp", "items?\(query)&pageToken=\(pageToken)"))
            #expect(response.status == 400, "\(query) \(pageToken)")
            #expect(response.errorStatus == "INVALID_ARGUMENT", "\(query) \(pageToken)")
        }
        let after = try self.server.request("GET", documentsURL("lp", "items?orderBy=rank&pageSize=2")).json
        #expect(self.ids(after) == ["a", "b"])
        let next = try #require(after.string("nextPageToken"))
        let rest = try self.server.request("GET", documentsURL("lp", "items?orderBy=rank&pageSize=2&pageToken=\(next)")).json
        #expect(self.ids(rest) == ["c"])
    }
}

