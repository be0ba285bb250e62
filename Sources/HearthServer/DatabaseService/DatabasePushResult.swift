import HearthDatabase

/// A durable push: the new child's key (`{"name": …}` in REST) and the write.
struct DatabasePushResult: Sendable, Equatable {
    let name: String
    let result: DatabaseWriteResult
}
