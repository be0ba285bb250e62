public import HearthCore
public import HearthJSON

/// The Auth emulator's refresh tokens (`state.ts` `encodeRefreshToken`): base64 of
/// `{"_AuthEmulatorRefreshToken":"DO NOT MODIFY","localId","provider","extraClaims",
/// "projectId","secondFactor"?,"tenantId"?}`. Stateless and never expiring, like the
/// emulator's: the account store decides whether the user may still have tokens.
public struct RefreshToken: Sendable, Equatable {
    public var localID: String
    public var provider: String
    public var extraClaims: JSONObject
    public var project: String
    public var tenant: String?
    public var secondFactor: SecondFactor?

    public init(localID: String, provider: String, extraClaims: JSONObject = JSONObject(), scope: AuthScope, secondFactor: SecondFactor? = nil) {
        self.localID = localID
        self.provider = provider
        self.extraClaims = extraClaims
        self.project = scope.project
        self.tenant = scope.tenant
        self.secondFactor = secondFactor
    }

    /// The token text.
    public var encoded: String {
        var members: [JSONObject.Member] = [
            .init(key: "_AuthEmulatorRefreshToken", value: .string("DO NOT MODIFY")),
            .init(key: "localId", value: .string(self.localID)),
            .init(key: "provider", value: .string(self.provider)),
            .init(key: "extraClaims", value: .object(self.extraClaims)),
            .init(key: "projectId", value: .string(self.project)),
        ]
        if let secondFactor {
            members.append(.init(key: "secondFactor", value: .object(JSONObject([
                .init(key: "identifier", value: .string(secondFactor.identifier)),
                .init(key: "provider", value: .string(secondFactor.provider)),
            ]))))
        }
        if let tenant { members.append(.init(key: "tenantId", value: .string(tenant))) }
        return Base64Codec.encode(JSONValue.object(JSONObject(members)).serialized())
    }

    /// - Throws: `INVALID_REFRESH_TOKEN` for anything but an emulator refresh token.
    public init(parsing text: String) throws(AuthError) {
        guard let bytes = Base64Codec.decode(text), case .object(let object)? = try? JSONParser.parse(bytes),
            object["_AuthEmulatorRefreshToken"]?.stringValue != nil,
            let localID = object["localId"]?.stringValue, let provider = object["provider"]?.stringValue,
            let project = object["projectId"]?.stringValue
        else { throw AuthError.invalidRefreshToken }
        self.localID = localID
        self.provider = provider
        self.extraClaims = object["extraClaims"]?.objectValue ?? JSONObject()
        self.project = project
        self.tenant = object["tenantId"]?.stringValue
        if let factor = object["secondFactor"]?.objectValue, let identifier = factor["identifier"]?.stringValue,
            let provider = factor["provider"]?.stringValue
        {
            self.secondFactor = SecondFactor(identifier: identifier, provider: provider)
        }
    }
}
