import HearthFirestore

/// A write's `data` decoded the way a client SDK turns its argument into a REST write: the
/// fields, the server-timestamp transforms, and the update mask.
struct RulesTestFields {
    /// How `data` is read, after the SDK call it imitates.
    enum Mode {
        /// `set()` / create: keys are field names; the whole document is replaced; no mask.
        case set
        /// `set(…, {merge: true})`: keys are field names; the mask is every leaf field path.
        case merge
        /// `update()`: keys are field paths (`"attendees.bob"`); the mask is those paths.
        case update
    }

    var map = MapValue()
    var transforms: [FieldTransform] = []
    /// The update mask (merge and update only).
    var mask: [FieldPath] = []
}
