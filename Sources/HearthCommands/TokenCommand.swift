import ArgumentParser
import Foundation
import HearthJSON
import HearthServer

extension HearthCommand {
    /// `hearth token`: prints an unsigned Firebase ID token for a user, shaped like the
    /// emulator suite's, to use as `Authorization: Bearer <token>`.
    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an unsigned ID token for a user (use it as 'Authorization: Bearer <token>').",
            discussion: "Example: hearth token --uid alice --claims '{\"admin\":true,\"email\":\"alice@example.com\"}'"
        )

        @Option(help: "The user's uid (request.auth.uid).")
        var uid: String

        @Option(help: "Extra claims as a JSON object (request.auth.token.*).")
        var claims: String?

        @Option(help: "The project the token is for (its 'aud' and 'iss').")
        var project = "demo-hearth"

        func run() throws {
            var extra = JSONObject([])
            if let claims {
                guard case .object(let object)? = try? JSONParser.parse(Array(claims.utf8)) else {
                    throw CommandFailure("--claims must be a JSON object, e.g. '{\"admin\":true}' (got \(claims)).")
                }
                extra = object
            }
            do {
                print(try UnsignedIDToken.mint(uid: self.uid, project: self.project, claims: extra))
            } catch {
                throw CommandFailure(error.message)
            }
        }
    }
}
