import HearthAuth
import HearthJSON

extension AuthService {
    /// `accounts:signUp` (`operations.ts` `signUp`): an anonymous user (no e-mail or
    /// password), an e-mail/password user, the upgrade of the user an `idToken` names, or,
    /// for the admin (`POST /v1/projects/{p}/accounts`, firebase-admin's `create_user`), any
    /// user with the given profile and no tokens.
    func signUp(_ request: SignUpRequest, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        var provider: String?
        if call.isAdmin {
            if request.idToken != nil, request.localID != nil { throw AuthError("UNEXPECTED_PARAMETER : User ID") }
        } else {
            guard request.localID == nil else { throw AuthError("UNEXPECTED_PARAMETER : User ID") }
            if request.idToken != nil || request.password != nil || request.email != nil {
                guard request.email != nil else { throw AuthError.missingEmail }
                guard request.password != nil else { throw AuthError.missingPassword }
                provider = AuthUser.passwordProvider
            } else {
                provider = "anonymous"
            }
        }
        if let email = request.email, !email.isEmpty || provider != nil {
            guard EmailAddress.isValid(email) else { throw AuthError.invalidEmail }
        }
        if let password = request.password {
            guard password.count >= PasswordHash.minimumLength else { throw AuthError.weakPassword }
        }
        if let phone = request.phoneNumber, call.isAdmin, !EmailAddress.isValidPhoneNumber(phone) {
            throw AuthError.invalidPhoneNumber
        }
        let (user, tokens) = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> (AuthUser, IssuedTokens?) in
            if let tenant = transaction.tenant {
                if provider == AuthUser.passwordProvider, !tenant.allowsPasswordSignUp { throw AuthError("OPERATION_NOT_ALLOWED") }
                if provider == "anonymous", !tenant.allowsAnonymousUsers { throw AuthError("ADMIN_ONLY_OPERATION") }
            }
            let now = transaction.now
            var user: AuthUser
            if request.idToken != nil {
                user = try transaction.user(presenting: request.idToken).0
            } else {
                user = AuthUser(localID: request.localID ?? transaction.newLocalID(), createdAt: now)
                if transaction.user(user.localID) != nil { throw AuthError.duplicateLocalID }
                user.tenantID = transaction.scope.tenant
            }
            user.lastLoginAt = now
            if call.isAdmin {
                user.displayName = request.displayName ?? user.displayName
                user.photoURL = request.photoURL ?? user.photoURL
                user.emailVerified = request.emailVerified ?? false
                if let phone = request.phoneNumber { user.phoneNumber = phone }
                if request.disabled == true { user.disabled = true }
            } else if provider == AuthUser.passwordProvider {
                user.displayName = request.displayName ?? user.displayName
                user.emailVerified = false
            }
            if let email = request.email, !email.isEmpty {
                user.email = EmailAddress.canonical(email)
            }
            if let password = request.password {
                let salt = PasswordHash.newSalt()
                user.salt = salt
                user.passwordHash = PasswordHash.hash(password, salt: salt)
                user.passwordUpdatedAt = now
                user.validSince = now / 1000
            }
            try transaction.put(user)
            guard let provider else { return (transaction.user(user.localID) ?? user, nil) }
            let tokens = try Self.issueTokens(for: user.localID, provider: provider, in: &transaction)
            return (tokens.user, tokens)
        }
        return AuthReply.object(
            [
                ("kind", .string("identitytoolkit#SignupNewUserResponse")), ("localId", .string(user.localID)),
                ("displayName", AuthReply.string(user.displayName)), ("email", AuthReply.string(user.email)),
            ] + (tokens?.members.map { ($0.key, $0.value) } ?? []))
    }
}
