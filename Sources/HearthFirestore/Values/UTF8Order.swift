/// Byte-wise comparison of UTF-8, which is how the Firestore backend orders strings and IDs.
///
/// UTF-8 byte order equals Unicode code point order; it differs from UTF-16 order (JavaScript's
/// `<`) for characters above U+FFFF, and from Swift's `String <`, which compares canonically
/// equivalent strings as equal. Mirrors `compareUtf8Strings` in firebase-js-sdk `util/misc.ts`.
enum UTF8Order {
    static func compare(_ lhs: String, _ rhs: String) -> FirestoreOrdering {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                Self.compare(left, right)
            }
        }
    }

    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> FirestoreOrdering {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                Self.compare(left, right)
            }
        }
    }

    /// Unsigned lexicographic order; a proper prefix sorts first.
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> FirestoreOrdering {
        let shared = min(lhs.count, rhs.count)
        var index = 0
        while index < shared {
            let left = lhs[index]
            let right = rhs[index]
            if left != right {
                return left < right ? .ascending : .descending
            }
            index += 1
        }
        return FirestoreOrdering(comparing: lhs.count, rhs.count)
    }

    /// `lhs < rhs` in UTF-8 byte order, without copying either string (the sort predicate for
    /// map keys on the encoding hot path).
    @inline(__always)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Byte equality (stricter than Swift's canonical-equivalence `==`).
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }
}
