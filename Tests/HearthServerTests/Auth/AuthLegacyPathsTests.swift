import HearthHTTP
import Testing

@testable import HearthServer

/// The iOS SDK's v3 `relyingparty` paths reach the v1 operations with the query, headers and
/// body kept; other paths go through untouched.
@Suite struct AuthLegacyPathsTests {
    @Test(arguments: [
        ("/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=k", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"),
        ("/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPhoneNumber?key=k&x=%2F",
         "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=k&x=%2F"),
        ("/www.googleapis.com/identitytoolkit/v3/relyingparty/getProjectConfig", "/identitytoolkit.googleapis.com/v1/projects"),
        ("/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyClient?key=k", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyClient?key=k"),
        ("/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser/extra", "/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser/extra"),
        ("/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"),
    ])
    func rewritesOnlyTheV3NamesWithAV1Twin(uri: String, expected: String) {
        let request = Request(method: .post, uri: uri, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        let rewritten = AuthLegacyPaths.rewritten(request)
        #expect(rewritten.uri == expected)
        #expect(rewritten.path == String(expected.prefix { $0 != "?" }))
        #expect(rewritten.body == request.body && rewritten.headers["Content-Type"] == "application/json")
        #expect(rewritten.query.first("key") == request.query.first("key"))
    }
}
