/// Where a server value sits in a write's data, relative to the write's location.
struct ServerValueSite: Sendable, Equatable {
    enum Target: Sendable, Equatable {
        /// The node at `path` becomes the resolved number, with this (plain) priority.
        case value(priority: DatabasePriority?)
        /// The priority of the node at `path` becomes the resolved number.
        case priority
    }

    let path: DatabasePath
    let value: ServerValue
    let target: Target
}
