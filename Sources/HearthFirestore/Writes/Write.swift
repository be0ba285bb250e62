/// One write of a commit: what to do to one document, and under which precondition.
///
/// Clients express their operations with these (reference §1.2): `set` is an update with no
/// mask, `set(merge:)` an update with a mask, `update()` a masked update with `exists: true`,
/// `create` an update with `exists: false`.
public struct Write: Sendable, Hashable {
    public enum Operation: Sendable, Hashable {
        /// Replace the whole document (`mask == nil`), or only the masked field paths: a path in
        /// the mask that is absent from `fields` is deleted, paths outside it are untouched.
        case update(fields: MapValue, mask: [FieldPath]?)
        /// Delete the document; deleting a missing document succeeds (production behaviour).
        case delete
        /// Only apply `transforms` (the legacy standalone `transform` write): creates the
        /// document if it is missing, unless a precondition forbids it.
        case transform
        /// Change nothing; only check the precondition (`verify`, sent by web transactions for
        /// documents they read but did not write).
        case verify
    }

    public var path: DocumentPath
    public var operation: Operation
    public var precondition: Precondition?
    /// Applied after the update, atomically (`updateTransforms`, or a standalone transform).
    public var transforms: [FieldTransform]

    public init(path: DocumentPath, operation: Operation, precondition: Precondition? = nil, transforms: [FieldTransform] = []) {
        self.path = path
        self.operation = operation
        self.precondition = precondition
        self.transforms = transforms
    }
}
