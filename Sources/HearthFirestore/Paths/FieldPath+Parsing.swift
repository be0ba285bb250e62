extension FieldPath {
    /// Parses a field path as written in masks, `orderBy`, filters and transforms.
    ///
    /// Segments are separated by `.`; a segment is either a simple identifier
    /// (`[A-Za-z_][A-Za-z_0-9]*`) or enclosed in backticks, where `` \` `` and `\\` are the only
    /// escapes. Production refuses anything else unquoted (`a b`, `a-b`, `*`, `a[0]`, `16in`) with
    /// the "Invalid property path" message below, and so does this; empty segments, a leading or
    /// trailing dot, an unterminated or misplaced backtick, a bad escape, and paths over 1,500 bytes
    /// are rejected too.
    /// - Throws: INVALID_ARGUMENT naming the path.
    public init(parsing text: String) throws(FirestoreError) {
        func fail(_ reason: String) -> FirestoreError {
            .invalidArgument("Invalid field path \"\(text)\": \(reason).")
        }
        if text.isEmpty {
            throw fail("a field path must not be empty")
        }
        if text.utf8.count > FirestoreLimits.maxFieldPathBytes {
            throw .invalidArgument(
                "Invalid field path \"\(text.prefix(100))…\": longer than \(FirestoreLimits.maxFieldPathBytes) bytes."
            )
        }
        var segments: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while true {
            var segment = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "`" {
                index += 1
                var closed = false
                while index < scalars.count {
                    let scalar = scalars[index]
                    if scalar == "\\" {
                        guard index + 1 < scalars.count, scalars[index + 1] == "`" || scalars[index + 1] == "\\" else {
                            throw fail("invalid escape in quoted segment (only \\` and \\\\ are allowed)")
                        }
                        segment.append(scalars[index + 1])
                        index += 2
                    } else if scalar == "`" {
                        index += 1
                        closed = true
                        break
                    } else {
                        segment.append(scalar)
                        index += 1
                    }
                }
                if !closed {
                    throw fail("unterminated backtick-quoted segment")
                }
                if segment.isEmpty {
                    throw fail("empty segment")
                }
            } else {
                while index < scalars.count, scalars[index] != "." {
                    if scalars[index] == "`" {
                        throw fail("a backtick may only open a quoted segment")
                    }
                    segment.append(scalars[index])
                    index += 1
                }
                if segment.isEmpty {
                    throw fail(index == 0 ? "empty first segment" : "empty segment")
                }
                if !Self.isSimple(String(segment)) {
                    // Production's words (seen in google-cloud-firestore and Apps Script reports).
                    throw .invalidArgument(
                        "Invalid property path \"\(text)\". Unquoted property paths must match regex ([a-zA-Z_][a-zA-Z_0-9]*), and quoted property paths must match regex (`(?:[^`\\\\]|(?:\\\\.))+`)"
                    )
                }
            }
            segments.append(String(segment))
            if index == scalars.count { break }
            guard scalars[index] == "." else {
                throw fail("expected '.' after a quoted segment")
            }
            index += 1
            if index == scalars.count {
                throw fail("trailing '.'")
            }
        }
        self.init(segments: segments)
    }
}
