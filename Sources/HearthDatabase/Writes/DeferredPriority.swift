/// A plain `.priority` of an object whose every child is a server value, relative to the
/// write's location.
///
/// Until its server values are resolved such an object is empty in the write's template, and
/// an empty node holds no priority, so the priority waits here and is set once the children
/// exist (`{"a": {".sv": "timestamp"}, ".priority": 1}` keeps priority 1, as Firebase does).
struct DeferredPriority: Sendable, Equatable {
    let path: DatabasePath
    let priority: DatabasePriority
}
