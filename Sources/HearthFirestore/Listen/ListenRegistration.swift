/// A listener's handle, to `cancel` it. Opaque; equal only to itself.
public struct ListenRegistration: Sendable, Hashable {
    let id: UInt64
    /// The target as registered, so cancelling finds the shared view without a search.
    public let target: ListenTarget

    init(id: UInt64, target: ListenTarget) {
        self.id = id
        self.target = target
    }
}
