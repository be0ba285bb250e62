/// What a gRPC `Listen` stream shares with the REST (SSE) listeners of the same server: the
/// rules registry (re-checks), the registry of open streams (keep-alives, the `listeners`
/// count), the one fan-out task, and the bounds (`--listen-buffer`, `--stream-buffer`); and,
/// for the gRPC streams alone, the global snapshot encoded once per commit for all of them.
struct ListenWiring: Sendable {
    let rules: FirestoreRulesRegistry
    let streams: ListenStreams
    let fanout: ListenFanout
    let settings: ListenSettings
    let globalSnapshots = ListenGlobalSnapshots()
}
