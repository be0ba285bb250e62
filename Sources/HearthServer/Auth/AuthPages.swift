import HearthAuth
import HearthHTTP
import HearthJSON

/// The Auth emulator's pages a person opens in a browser, served without external assets:
///
/// - `GET /emulator/action?mode=&oobCode=&apiKey=[&continueUrl=][&newPassword=]` completes
///   an out-of-band link, as the emulator suite's `handlers.ts` does (verify e-mail, change
///   or recover e-mail, reset password, and e-mail sign-in, which goes on to `continueUrl`).
/// - `GET /emulator/auth/handler?apiKey=&providerId=&…` is the fake IdP: pick an account the
///   emulator already knows for that provider, or make one up; `/emulator/auth/handler/finish`
///   then hands the credential back to the app (iOS and Android by their callback URL).
/// - `GET /__/auth/handler` is where the iOS SDK opens reCAPTCHA to verify the app
///   (`authType=verifyApp`): completed at once with a fake token, which
///   `sendVerificationCode` accepts. Other auth types show the fake IdP.
///
/// The API key stands for the default project, as everywhere on the Auth port.
struct AuthPages: Sendable {
    let service: AuthService
    let defaultProject: String

    func register(on router: inout Router) {
        let pages = self
        router.on(.get, "/emulator/action") { request, _ in try await pages.action(request) }
        router.on(.get, "/emulator/auth/handler") { request, _ in try pages.chooser(request) }
        router.on(.get, "/emulator/auth/handler/finish") { request, _ in try pages.finish(request) }
        router.on(.get, "/__/auth/handler") { request, _ in
            if request.query.first("authType") == "verifyApp" { return try pages.verifyApp(request) }
            return try pages.chooser(request)
        }
    }

    private func call(_ request: Request, tenant: String?) throws(AuthError) -> AuthCall {
        AuthCall(
            scope: try AuthScope(project: self.defaultProject, tenant: tenant.flatMap { $0.isEmpty ? nil : $0 }),
            isAdmin: false, baseURL: "http://\(request.headers["Host"] ?? "localhost")")
    }

    // MARK: /emulator/action

    private func action(_ request: Request) async throws(AuthError) -> Response {
        let query = request.query
        /// The emulator's 400: `error`, then `instructions`, `instructions2`…, then `urlTemplate`.
        func refuse(_ error: String, _ instructions: String..., template: String? = nil) -> Response {
            var members = [("error", error)]
            for (index, text) in instructions.enumerated() { members.append((index == 0 ? "instructions" : "instructions\(index + 1)", text)) }
            if let template { members.append(("urlTemplate", template)) }
            return AuthPageHTML.outcome(request, status: .badRequest, title: "Auth emulator", members)
        }
        guard let apiKey = query.first("apiKey"), !apiKey.isEmpty else {
            return refuse("missing apiKey query parameter", "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY")
        }
        guard let oobCode = query.first("oobCode"), !oobCode.isEmpty else {
            return refuse("missing oobCode query parameter", "Please modify the URL to specify an oobCode, such as ...&oobCode=YOUR_OOB_CODE")
        }
        let call = try self.call(request, tenant: query.first("tenantId"))
        let continueURL = query.first("continueUrl")
        let done = { (title: String, members: [(String, String)]) -> Response in
            if let continueURL, !continueURL.isEmpty { return AuthPageHTML.redirect(to: continueURL) }
            return AuthPageHTML.outcome(request, status: .ok, title: title, members)
        }
        switch query.first("mode") {
        case "resetPassword":
            guard let code = self.service.store.oobCode(oobCode, in: call.scope), code.kind == .passwordReset else {
                return refuse("Your request to reset your password has expired or the link has already been used.", "Try resetting your password again.")
            }
            let template = "\(code.link)&newPassword=NEW_PASSWORD_HERE"
            guard let newPassword = query.first("newPassword") else {
                return refuse(
                    "missing newPassword query parameter",
                    "To reset the password for \(code.email), send an HTTP GET request to the following URL.",
                    "You may use a web browser or any HTTP client, such as curl.", template: template)
            }
            guard newPassword != "NEW_PASSWORD_HERE" else {
                return refuse(
                    "newPassword must be something other than 'NEW_PASSWORD_HERE'", "The string 'NEW_PASSWORD_HERE' is just a placeholder.",
                    "Please change the URL to specify a new password instead.", template: template)
            }
            let reply = try await self.service.resetPassword(oobCode: oobCode, newPassword: newPassword, call)
            return done("Password changed", [("success", "The password has been successfully updated."), ("email", reply["email"]?.stringValue ?? "")])
        case "verifyEmail", "verifyAndChangeEmail", "recoverEmail":
            let mode = query.first("mode") ?? ""
            let (what, retry) =
                switch mode {
                case "verifyEmail": ("verify your email", "Try verifying your email again.")
                case "verifyAndChangeEmail": ("change your email", "Try changing your email again.")
                default: ("revert your email", "If you're trying to test the reverting email flow, try changing the email again to generate a new link.")
                }
            let reply: JSONObject
            do throws(AuthError) {
                reply = try await self.service.updateAccount(UpdateAccountRequest(RecordFields(JSONObject([.init(key: "oobCode", value: .string(oobCode))]))), call)
            } catch let error where error.code == AuthError.invalidOOBCode.code || error.status == 501 {
                return refuse("Your request to \(what) has expired or the link has already been used.", retry)
            }
            switch mode {
            case "verifyEmail":
                return done("E-mail verified", [("success", "The email has been successfully verified."), ("email", reply["email"]?.stringValue ?? "")])
            case "verifyAndChangeEmail":
                return done("E-mail changed", [("success", "The email has been successfully changed."), ("newEmail", reply["newEmail"]?.stringValue ?? reply["email"]?.stringValue ?? "")])
            default:
                return AuthPageHTML.outcome(request, status: .ok, title: "E-mail reset", [("success", "The email has been successfully reset."), ("email", reply["email"]?.stringValue ?? "")])
            }
        case "signIn":
            guard let continueURL, !continueURL.isEmpty else {
                return refuse("Missing continueUrl query parameter", "To sign in, append &continueUrl=YOUR_APP_URL to the link.")
            }
            // The app completes the sign-in (`signInWithEmailLink`) with the link's parameters.
            let passed = query.items.filter { $0.name != "continueUrl" }
            let separator = continueURL.contains("?") ? "&" : "?"
            let location = continueURL + separator + passed.map { "\(AuthService.queryEscaped($0.name))=\(AuthService.queryEscaped($0.value))" }.joined(separator: "&")
            return AuthPageHTML.redirect(to: location)
        default:
            return AuthPageHTML.outcome(request, status: .badRequest, title: "Auth emulator", [("error", "Invalid mode")])
        }
    }

    // MARK: Fake IdP

    /// The account chooser: the provider's accounts the emulator knows, and a form for a new
    /// one. Both lead to ``finish(_:)`` with the request's own parameters kept.
    private func chooser(_ request: Request) throws(AuthError) -> Response {
        let query = request.query
        guard let providerID = query.first("providerId"), !providerID.isEmpty, !(query.first("apiKey") ?? "").isEmpty else {
            return AuthPageHTML.outcome(request, status: .badRequest, title: "Auth emulator", [("error", "missing apiKey or providerId query parameters")])
        }
        let call = try self.call(request, tenant: query.first("tenantId") ?? query.first("tid"))
        let accounts = try self.service.store.read(call.scope) { index in
            index.users.values.compactMap { $0.provider(providerID) }.sorted { ($0.displayName ?? $0.rawID, $0.rawID) < ($1.displayName ?? $1.rawID, $1.rawID) }
        }
        let kept = query.items.map { "\(AuthService.queryEscaped($0.name))=\(AuthService.queryEscaped($0.value))" }.joined(separator: "&")
        var body = ""
        if providerID == "apple.com" || providerID == "facebook.com" {
            body += "<p class=\"note\">Sign-in with \(AuthPageHTML.escape(providerID)) through this page only exists in an emulator; production apps use the provider's own SDK.</p>\n"
        }
        body += "<h2>Existing accounts</h2>\n"
        if accounts.isEmpty { body += "<p>No \(AuthPageHTML.escape(providerID)) accounts exist in the Auth emulator yet.</p>\n" }
        for info in accounts {
            var link = "/emulator/auth/handler/finish?\(kept)&sub=\(AuthService.queryEscaped(info.rawID))"
            for (name, value) in [("email", info.email), ("name", info.displayName), ("screen_name", info.screenName), ("picture", info.photoURL)] {
                if let value { link += "&\(name)=\(AuthService.queryEscaped(value))" }
            }
            body += "<a class=\"account\" href=\"\(AuthPageHTML.escape(link))\"><strong>\(AuthPageHTML.escape(info.displayName ?? "(No display name)"))</strong><br>\(AuthPageHTML.escape(info.email ?? ""))</a>\n"
        }
        body += "<h2>Add a new account</h2>\n<form method=\"get\" action=\"/emulator/auth/handler/finish\">\n"
        for item in query.items { body += "<input type=\"hidden\" name=\"\(AuthPageHTML.escape(item.name))\" value=\"\(AuthPageHTML.escape(item.value))\">\n" }
        body += """
            <label>E-mail <input name="email" type="email" required></label>
            <label>Display name <input name="name"></label>
            <label>Screen name <input name="screen_name"></label>
            <label>Profile photo URL <input name="picture" type="url"></label>
            <button type="submit">Sign in with \(AuthPageHTML.escape(providerID))</button>
            </form>
            """
        return AuthPageHTML.page(title: "Sign in with \(providerID) (Auth emulator)", body: body)
    }

    /// Makes the fake credential (the emulator widget's `createFakeClaims`: JSON with `sub`,
    /// `email`, `email_verified`, `name`, `screen_name`, `picture`) and hands it to the app:
    /// iOS by `{scheme}://firebaseauth/link?deep_link_id=…/__/auth/callback?…&link=…`, Android
    /// by its `intent:` link; anything else gets a page with the credential to use with
    /// `signInWithCredential` (the JS SDK's popup and redirect relay needs the emulator's
    /// iframe, which loads Google's scripts, so Hearth does not serve it).
    private func finish(_ request: Request) throws(AuthError) -> Response {
        let query = request.query
        guard let providerID = query.first("providerId"), !providerID.isEmpty else {
            return AuthPageHTML.outcome(request, status: .badRequest, title: "Auth emulator", [("error", "missing providerId query parameter")])
        }
        var claims: [JSONObject.Member] = [
            .init(key: "sub", value: .string(query.first("sub").flatMap { $0.isEmpty ? nil : $0 } ?? RandomID.digits(40))),
            .init(key: "iss", value: .string("")), .init(key: "aud", value: .string("")),
            .init(key: "exp", value: .number(JSONNumber(0))), .init(key: "iat", value: .number(JSONNumber(0))),
        ]
        for name in ["name", "screen_name", "email", "picture"] {
            if let value = query.first(name), !value.isEmpty { claims.append(.init(key: name, value: .string(value))) }
        }
        claims.append(.init(key: "email_verified", value: .bool(true)))
        let idToken = String(decoding: JSONValue.object(JSONObject(claims)).serialized(), as: UTF8.self)
        let base = "http://\(request.headers["Host"] ?? "localhost")"
        let response = "\(base)/emulator/auth/handler?providerId=\(AuthService.queryEscaped(providerID))&id_token=\(AuthService.queryEscaped(idToken))"
        let authType = query.first("authType") ?? "signInViaRedirect"
        let eventID = query.first("eventId")
        if let apn = query.first("apn"), !apn.isEmpty {
            var link = "intent://firebase.auth/#Intent;scheme=genericidp;package=\(apn);S.authType=\(authType);"
            if let eventID { link += "S.eventId=\(eventID);" }
            link += "S.link=\(AuthService.queryEscaped(response));B.encryptionEnabled=false;end;"
            return AuthPageHTML.redirect(to: link)
        }
        if query.first("ibi") != nil || query.first("appId") != nil || query.first("clientId") != nil {
            var callback = "\(base)/__/auth/callback?authType=\(AuthService.queryEscaped(authType))&link=\(AuthService.queryEscaped(response))"
            if let eventID { callback += "&eventId=\(AuthService.queryEscaped(eventID))" }
            return AuthPageHTML.redirect(to: Self.iOSCallback(query, deepLink: callback))
        }
        let body = """
            <p>Signed in at the fake \(AuthPageHTML.escape(providerID)). Hearth cannot hand this to a web page's SDK; \
            sign in with the credential instead (<code>signInWithCredential</code>, or <code>accounts:signInWithIdp</code> \
            with this <code>requestUri</code>):</p>
            <p><code id="request-uri">\(AuthPageHTML.escape(response))</code></p>
            """
        return AuthPageHTML.page(title: "Signed in with \(providerID)", body: body)
    }

    /// The iOS SDK's reCAPTCHA page (`authType=verifyApp`): no challenge, straight back to
    /// the app with a token `sendVerificationCode` ignores.
    private func verifyApp(_ request: Request) throws(AuthError) -> Response {
        let query = request.query
        guard query.first("ibi") != nil || query.first("appId") != nil || query.first("clientId") != nil else {
            return AuthPageHTML.outcome(request, status: .badRequest, title: "Auth emulator", [("error", "missing one of appId / clientId / ibi query parameters")])
        }
        let base = "http://\(request.headers["Host"] ?? "localhost")"
        var callback = "\(base)/__/auth/callback?authType=verifyApp&recaptchaToken=hearth-fake-recaptcha-token"
        if let eventID = query.first("eventId") { callback += "&eventId=\(AuthService.queryEscaped(eventID))" }
        return AuthPageHTML.redirect(to: Self.iOSCallback(query, deepLink: callback))
    }

    /// `{scheme}://firebaseauth/link?deep_link_id=…`, the scheme the SDK registered: the
    /// reversed client id, else `app-` and the app id with `-` for `:` (`AuthWebUtils`).
    static func iOSCallback(_ query: URLQuery, deepLink: String) -> String {
        let scheme: String
        var host = "firebaseauth"
        if let clientID = query.first("clientId"), !clientID.isEmpty {
            scheme = clientID.split(separator: ".").reversed().joined(separator: ".")
        } else if let appID = query.first("appId"), !appID.isEmpty {
            scheme = "app-" + String(appID.map { $0 == ":" ? "-" : $0 })
        } else {
            scheme = query.first("ibi") ?? ""
            host = "google"
        }
        return "\(scheme)://\(host)/link?deep_link_id=\(AuthService.queryEscaped(deepLink))"
    }
}
