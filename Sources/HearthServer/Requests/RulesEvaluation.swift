/// One security-rules evaluation, as the Requests feed reports it: when, which product,
/// which method on which path, for whom, the outcome, and each rule that was evaluated with
/// its line in the rules source (``RulesSource``), so a page can highlight the lines that
/// allowed or denied.
///
/// Recorded once per evaluation where the services authorize (`FirestoreCall.enforce`,
/// `DatabaseCall.enforce`), so every transport (REST, SSE, gRPC, WebSocket) feeds it alike and
/// a request judged once appears once (firebase-tools#6252 shows evaluations twice). A listen
/// stream's re-check on delivery or rules reload is an evaluation of its own and appears too.
///
/// Every text is cut to ``maxTextBytes`` and at most ``maxLines`` rules are kept, so one
/// entry costs at most about 12 KiB whatever a client sends (see ``cost``).
struct RulesEvaluation: Sendable {
    enum Product: String, Sendable {
        case firestore
        case database
    }

    enum Outcome: String, Sendable {
        case allow
        case deny
        /// The rule failed with an error (which denies).
        case error
    }

    /// One rule evaluated for the request: `allow get` at a Firestore line, or an RTDB
    /// `.read`/`.write`/`.validate` at its line.
    struct Line: Sendable {
        var line: Int
        var column: Int
        var outcome: Outcome
        /// What the rule gave: `false`, an error's message, `/rules/a/.read at /a`.
        var detail: String
    }

    /// Increasing from 1 in the order evaluations were recorded.
    var id: Int64
    /// Wall-clock time in microseconds since the epoch.
    var time: Int64
    var product: Product
    /// `get`, `list`, `create`, `update`, `delete` (Firestore); `read`, `write` (RTDB).
    var method: String
    /// The Firestore resource name, or the RTDB location (`/users/alice`).
    var path: String
    /// The project (Firestore) or namespace (RTDB) the request was for.
    var scope: String
    /// `uid alice`, `unauthenticated`.
    var caller: String
    var outcome: Outcome
    /// The explanation Hearth gives with a denial (and the granting rule for an allow).
    var explanation: String
    var lines: [Line]
    /// The rules the request was judged by, shared by every entry judged by them.
    var rules: RulesSource

    static let maxTextBytes = 2048
    static let maxLines = 32

    /// Bytes this entry holds, for the log's budget: its texts and a fixed allowance for the
    /// rest (the rules source is counted once per source by the log).
    var cost: Int {
        256 + self.method.utf8.count + self.path.utf8.count + self.scope.utf8.count + self.caller.utf8.count
            + self.explanation.utf8.count + self.lines.reduce(0) { $0 + 48 + $1.detail.utf8.count }
    }

    /// `text` cut to ``maxTextBytes`` bytes at a character boundary, marked with `…` when cut.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > Self.maxTextBytes else { return text }
        var cut = ""
        for character in text {
            if cut.utf8.count + character.utf8.count > Self.maxTextBytes - 3 { break }
            cut.append(character)
        }
        return cut + "…"
    }
}
