/// Putting new rules in force for a namespace (REST `PUT /.settings/rules.json`, admin only).
struct DatabaseRulesUpload: Sendable, Equatable {
    var namespace: String
    /// The rules file's text, comments allowed, kept as sent.
    var source: String
    /// `dryRun=true`: compile only, change nothing.
    var dryRun = false
}
