/// Query Explain's request (`explain_options`): report how the query is planned, and with
/// `analyze` also run it and report what running it took.
struct ExplainOptions: Sendable, Hashable {
    var analyze: Bool
}
