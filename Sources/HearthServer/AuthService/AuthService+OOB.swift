import HearthAuth
import HearthJSON
import Logging

extension AuthService {
    /// `accounts:sendOobCode` (`sendOobCode`): makes an out-of-band code (password reset,
    /// e-mail verification, e-mail sign-in, change of e-mail) and "sends" it: logs the link
    /// and lists it at `/emulator/v1/projects/{p}/oobCodes`. The admin may ask for the link in
    /// the answer (`returnOobLink`, firebase-admin's `generate_*_link`).
    func sendOOBCode(_ request: SendOOBCodeRequest, _ call: AuthCall) throws(AuthError) -> JSONObject {
        guard let type = request.requestType, type != "OOB_REQ_TYPE_UNSPECIFIED" else { throw AuthError("MISSING_REQ_TYPE") }
        if request.returnOOBLink, !call.isAdmin { throw AuthError("INSUFFICIENT_PERMISSION") }
        if let continueURL = request.continueURL, !Self.isAbsoluteURI(continueURL) {
            throw AuthError("INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        }
        guard let kind = OOBCode.Kind(rawValue: type) else {
            throw AuthError("INVALID_REQ_TYPE : \(type) is not a request type (PASSWORD_RESET, VERIFY_EMAIL, EMAIL_SIGNIN, VERIFY_AND_CHANGE_EMAIL).")
        }
        guard kind != .recoverEmail else { throw AuthError.notImplemented(type) }
        let scope = call.scope
        let email: String
        var newEmail: String?
        switch kind {
        case .emailSignIn:
            if let tenantID = scope.tenant, let tenant = self.store.tenant(tenantID, of: scope.project), !tenant.allowsEmailLinkSignIn {
                throw AuthError("OPERATION_NOT_ALLOWED")
            }
            guard let given = request.email else { throw AuthError.missingEmail }
            email = EmailAddress.canonical(given)
        case .passwordReset:
            guard let given = request.email else { throw AuthError.missingEmail }
            email = EmailAddress.canonical(given)
            let exists = try self.store.read(scope) { $0.user(email: email) != nil }
            if !exists {
                guard self.store.config(of: scope.project).enableImprovedEmailPrivacy else { throw AuthError.emailNotFound }
                return AuthReply.object([("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email))])
            }
        case .verifyEmail, .verifyAndChangeEmail:
            if kind == .verifyAndChangeEmail {
                guard let changed = request.newEmail else { throw AuthError("MISSING_NEW_EMAIL") }
                newEmail = EmailAddress.canonical(changed)
            }
            if request.returnOOBLink, request.idToken == nil {
                guard let given = request.email else { throw AuthError.missingEmail }
                email = EmailAddress.canonical(given)
                guard try self.store.read(scope, { $0.user(email: email) != nil }) else { throw AuthError.userNotFound }
            } else {
                if kind == .verifyAndChangeEmail, request.idToken == nil { throw AuthError.missingIDToken }
                guard let own = try self.user(presenting: request.idToken ?? "", call).0.email else { throw AuthError.missingEmail }
                email = own
            }
            if let newEmail, try self.store.read(scope, { $0.user(email: newEmail) != nil }) { throw AuthError.emailExists }
        case .recoverEmail:
            throw AuthError.notImplemented(type)
        }
        if request.canHandleCodeInApp {
            self.logger.warning("canHandleCodeInApp is unsupported in Auth Emulator. All OOB operations will complete via web.")
        }
        let code = self.issueOOBCode(email: email, newEmail: newEmail, kind: kind, continueURL: request.continueURL, call)
        if request.returnOOBLink {
            return AuthReply.object([
                ("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email)),
                ("oobCode", .string(code.code)), ("oobLink", .string(code.link)),
            ])
        }
        return AuthReply.object([("kind", .string("identitytoolkit#GetOobConfirmationCodeResponse")), ("email", .string(email))])
    }

    /// Makes, remembers and logs a code whose link points at the emulator's `/emulator/action`
    /// (`createOobRecord`, `logOobMessage`).
    @discardableResult
    func issueOOBCode(email: String, newEmail: String?, kind: OOBCode.Kind, continueURL: String?, _ call: AuthCall) -> OOBCode {
        let code = RandomID.base64URLText(54)
        let mode =
            switch kind {
            case .emailSignIn: "signIn"
            case .passwordReset: "resetPassword"
            case .verifyEmail: "verifyEmail"
            case .verifyAndChangeEmail: "verifyAndChangeEmail"
            case .recoverEmail: "recoverEmail"
            }
        var link = "\(call.baseURL)/emulator/action?mode=\(mode)&lang=en&oobCode=\(code)&apiKey=fake-api-key"
        if let continueURL { link += "&continueUrl=" + Self.queryEscaped(continueURL) }
        if let tenant = call.scope.tenant { link += "&tenantId=" + Self.queryEscaped(tenant) }
        let record = OOBCode(email: email, newEmail: newEmail, kind: kind, code: code, link: link)
        self.store.issue(record, in: call.scope)
        let message =
            switch kind {
            case .emailSignIn: "To sign in as \(email), follow this link: \(link)"
            case .passwordReset: "To reset the password for \(email), follow this link: \(link)&newPassword=NEW_PASSWORD_HERE"
            case .verifyEmail: "To verify the email address \(email), follow this link: \(link)"
            case .verifyAndChangeEmail: "To verify and change the email address from \(email) to \(newEmail ?? ""), follow this link: \(link)"
            case .recoverEmail: "To reset your email address to \(email), follow this link: \(link)"
            }
        self.logger.notice("\(message)")
        return record
    }

    /// `accounts:resetPassword` (`resetPassword`): with `newPassword`, sets it (a
    /// `PASSWORD_RESET` code, used up); without, tells what the code is for.
    func resetPassword(oobCode: String?, newPassword: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard let oobCode, !oobCode.isEmpty else { throw AuthError.missingOOBCode }
        guard let code = self.store.oobCode(oobCode, in: call.scope) else { throw AuthError.invalidOOBCode }
        if let newPassword {
            guard code.kind == .passwordReset else { throw AuthError.invalidOOBCode }
            guard newPassword.count >= PasswordHash.minimumLength else { throw AuthError.weakPassword }
            guard self.store.redeem(oobCode: oobCode, in: call.scope) != nil else { throw AuthError.invalidOOBCode }
            try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> Void in
                guard let user = transaction.user(email: code.email) else { throw AuthError.invalidOOBCode }
                let now = transaction.now
                try transaction.update(user.localID) { user in
                    let salt = PasswordHash.newSalt()
                    user.emailVerified = true
                    user.salt = salt
                    user.passwordHash = PasswordHash.hash(newPassword, salt: salt)
                    user.passwordUpdatedAt = now
                    user.validSince = now / 1000
                    // The emulator drops every provider link on a reset (a hijacked account's
                    // IdP links go with the attacker's password).
                    user.providerUserInfo.removeAll()
                }
            }
        }
        return AuthReply.object([
            ("kind", .string("identitytoolkit#ResetPasswordResponse")), ("requestType", .string(code.kind.rawValue)),
            ("email", code.kind == .emailSignIn ? nil : .string(code.email)), ("newEmail", AuthReply.string(code.newEmail)),
        ])
    }

    /// `accounts:signInWithEmailLink` (`signInWithEmailLink`): an `EMAIL_SIGNIN` code for its
    /// e-mail signs that user in (created on first use), or links the e-mail to the user an
    /// `idToken` names. A user with second factors gets `mfaPendingCredential` and `mfaInfo`
    /// instead of tokens, the account still updated and the code used up, as in the emulator.
    func signInWithEmailLink(email: String?, oobCode: String?, idToken: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard let email = email.map(EmailAddress.canonical) else { throw AuthError.missingEmail }
        guard let oobCode, !oobCode.isEmpty else { throw AuthError.missingOOBCode }
        guard let code = self.store.oobCode(oobCode, in: call.scope), code.kind == .emailSignIn else { throw AuthError.invalidOOBCode }
        guard code.email == email else { throw AuthError("INVALID_EMAIL : The email provided does not match the sign-in email address.") }
        let secondFactorsEnabled = self.secondFactorsEnabled(call)
        let (user, tokens, isNewUser) = try await self.write(call) {
            (transaction: inout AccountTransaction) throws(AuthError) -> (AuthUser, IssuedTokens?, Bool) in
            if let tenant = transaction.tenant, !tenant.allowsEmailLinkSignIn { throw AuthError("OPERATION_NOT_ALLOWED") }
            let fromToken = try idToken.map { token throws(AuthError) in try transaction.user(presenting: token).0 }
            let fromEmail = transaction.user(email: email)
            if let fromToken, let fromEmail, fromToken.localID != fromEmail.localID { throw AuthError.emailExists }
            let now = transaction.now
            let existing = fromToken ?? fromEmail
            var user = existing ?? AuthUser(localID: transaction.newLocalID(), createdAt: now)
            guard !user.disabled else { throw AuthError.userDisabled }
            user.email = email
            user.emailVerified = true
            user.emailLinkSignin = true
            user.tenantID = transaction.scope.tenant
            let pending = Self.needsSecondFactor(user, enabled: secondFactorsEnabled)
            if !pending { user.lastLoginAt = now }
            try transaction.put(user)
            if pending { return (user, nil, existing == nil) }
            let tokens = try Self.issueTokens(for: user.localID, provider: AuthUser.passwordProvider, in: &transaction)
            return (tokens.user, tokens, existing == nil)
        }
        _ = self.store.redeem(oobCode: oobCode, in: call.scope)
        let outcome =
            tokens?.members.map { ($0.key, $0.value) }
            ?? Self.mfaPendingMembers(for: user, provider: AuthUser.passwordProvider, scope: call.scope)
        return AuthReply.object(
            [
                ("kind", .string("identitytoolkit#EmailLinkSigninResponse")), ("email", .string(email)),
                ("localId", .string(user.localID)), ("isNewUser", .bool(isNewUser)),
            ] + outcome)
    }

    /// `accounts:createAuthUri` (`createAuthUri`): whether an e-mail is registered and how it
    /// signs in (nothing revealed when improved e-mail privacy is on).
    func createAuthURI(identifier: String?, continueURI: String?, providerID: String?, sessionID: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        let session = sessionID ?? RandomID.alphanumeric(27)
        if providerID != nil { throw AuthError.notImplemented("Sign-in with IDP is not yet supported.") }
        guard let identifier, !identifier.isEmpty else { throw AuthError("MISSING_IDENTIFIER") }
        guard let continueURI, !continueURI.isEmpty else { throw AuthError("MISSING_CONTINUE_URI") }
        guard EmailAddress.isValid(identifier) else { throw AuthError("INVALID_IDENTIFIER") }
        guard Self.isAbsoluteURI(continueURI) else { throw AuthError("INVALID_CONTINUE_URI") }
        let email = EmailAddress.canonical(identifier)
        let config = self.store.config(of: call.scope.project)
        if config.enableImprovedEmailPrivacy {
            return AuthReply.object([("kind", .string("identitytoolkit#CreateAuthUriResponse")), ("sessionId", .string(session))])
        }
        let user = try self.store.read(call.scope) { $0.user(email: email) }
        var providers: [String] = []
        var methods: [String] = []
        if let user {
            for info in user.providerUserInfo where info.providerID != AuthUser.phoneProvider {
                providers.append(info.providerID)
                if info.providerID == AuthUser.passwordProvider {
                    if user.passwordHash != nil { methods.append(AuthUser.passwordProvider) }
                    if user.emailLinkSignin { methods.append("emailLink") }
                } else {
                    methods.append(info.providerID)
                }
            }
        }
        return AuthReply.object([
            ("kind", .string("identitytoolkit#CreateAuthUriResponse")), ("registered", .bool(user != nil)),
            ("allProviders", .array(providers.map(JSONValue.string))), ("sessionId", .string(session)),
            ("signinMethods", .array(methods.map(JSONValue.string))),
        ])
    }

    /// `scheme://host…`: what `parseAbsoluteUri` accepts.
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return false }
        return text[text.index(after: colon)...].hasPrefix("//") && text.count > scheme.count + 3
    }

    /// Percent-encodes a query value (unreserved characters kept).
    static func queryEscaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "-._~".utf8.contains(byte) {
                out.append(Character(UnicodeScalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += (hex.count == 1 ? "%0" : "%") + hex
            }
        }
        return out
    }
}
