import HearthDatabase
import HearthHTTP
import HearthJSON
import HearthRules

extension DatabaseRequest {
    /// Reads the credentials the way the emulator does (`rtdb.md` §1.9): `auth=` (an ID token or
    /// `owner`), `access_token=owner`, or `Authorization: Bearer`; `auth_variable_override`
    /// for admin callers. A token the Auth emulator refuses says why (disabled user, revoked
    /// token); any other unreadable credential is Firebase's "Could not parse auth token.".
    static func caller(
        _ request: Request, _ parameters: [String: String], identities: IdentityResolver, now: Int64
    ) throws(DatabaseError) -> DatabaseCaller {
        try Self.credentials(request, parameters, identities: identities, now: now).caller
    }

    /// The caller, and for an ID token's user what a stream or socket keeps to ask the account
    /// store again while it stays open (`AccountCredential`).
    ///
    /// `owner` is refused on a JSONP request (`callback=`): its answer is a script that any page
    /// may load and run, so the data would reach whatever site asked.
    /// - Parameter carrier: where `auth=` came from: the URL for REST, a message for the WebSocket.
    static func credentials(
        _ request: Request, _ parameters: [String: String], identities: IdentityResolver, now: Int64,
        carrier: CredentialCarrier = .url
    ) throws(DatabaseError) -> (caller: DatabaseCaller, account: AccountCredential?) {
        let token = parameters["auth"] ?? (parameters["access_token"] == "owner" ? "owner" : nil)
        let caller: Caller
        do {
            caller = try identities.caller(of: request, token: token, in: token == nil ? .header : carrier, now: now)
        } catch {
            switch (error.kind, error.account) {
            case (_, .disabled): throw .authUserDisabled
            case (_, .revoked): throw .authTokenRevoked
            case (.expired, nil): throw .authTokenExpired
            case (.invalidCredential, nil): throw .unparsableAuthToken
            case (.forbidden, nil): throw .unauthorized(error.message)
            }
        }
        switch caller.identity {
        case .owner:
            if parameters["callback"] != nil {
                throw .unauthorized(
                    "The 'owner' admin token is not accepted on JSONP requests (callback=): their answer is a script any web page can load. Read without callback=, or with a user's ID token.")
            }
            guard let override = parameters["auth_variable_override"] else { return (.admin, nil) }
            guard let json = try? JSONParser.parse(override) else {
                throw .badRequest("auth_variable_override must be a JSON object such as {\"uid\":\"alice\"}, or null.")
            }
            if json.isNull { return (.user(auth: nil, expires: nil), nil) }
            guard json.objectValue != nil, let tree = RulesDataTree(json: json) else {
                throw .badRequest("auth_variable_override must be a JSON object such as {\"uid\":\"alice\"}, or null.")
            }
            return (.user(auth: DatabaseRulesAuth(variable: tree), expires: nil), nil)
        case .anonymous:
            return (.user(auth: nil, expires: nil), nil)
        case .user:
            return (.user(auth: caller.databaseAuth, expires: caller.expires), identities.provider.credential(of: caller))
        }
    }
}
