import Synchronization

extension DocumentStore {
    /// Applies `writes` atomically and in order, under one commit time.
    ///
    /// Each write sees the effect of the writes before it. Preconditions are checked against
    /// that staged state; the resulting documents are validated (size, nesting, reserved
    /// names); any failure throws before anything is stored. A write that leaves a document
    /// unchanged keeps its `updateTime` (production reports the previous time for a no-op).
    ///
    /// - Parameter review: called once with every staged write before anything is applied
    ///   (security rules); what it throws rejects the whole commit, ahead of any failed
    ///   precondition.
    /// - Throws: NOT_FOUND, ALREADY_EXISTS or FAILED_PRECONDITION for a failed precondition,
    ///   INVALID_ARGUMENT for an updateTime precondition after the commit time, an invalid
    ///   resulting document or mask, or the review's error.
    public func commit(_ writes: [Write], review: CommitReviewer? = nil) throws(FirestoreError) -> CommitResult {
        try self.state.withLock { (state: inout State) throws(FirestoreError) -> CommitResult in
            try self.apply(writes, to: &state, review: review)
        }
    }

    /// The body of every commit; the caller holds the lock.
    func apply(_ writes: [Write], to state: inout State, review: CommitReviewer?) throws(FirestoreError) -> CommitResult {
        let commitTime = state.clock.next()
        var staged: [DocumentPath: Document?] = [:]
        var results: [WriteResult] = []
        var documents: [Document?] = []
        var reviewed: [CommitReview.Item] = []
        results.reserveCapacity(writes.count)
        // With rules to consult, a failed precondition waits for their verdict: rules decide
        // first, as production does (a create over a document the caller may not update is
        // PERMISSION_DENIED, not ALREADY_EXISTS), so an error never tells a caller the rules
        // deny whether a document exists. The write is staged as if it applied, which only
        // the rules see before the precondition's error is thrown.
        var failedPrecondition: FirestoreError?
        for write in writes {
            let current = staged[write.path] ?? state.tree.document(at: write.path)
            do throws(FirestoreError) {
                try self.check(write.precondition, of: write, against: current, at: commitTime)
            } catch {
                guard review != nil else { throw error }
                if failedPrecondition == nil { failedPrecondition = error }
            }
            let (next, transformResults) = try self.apply(write, to: current, at: commitTime)
            if review != nil { reviewed.append(CommitReview.Item(write: write, before: current, after: next)) }
            if case .verify = write.operation {
                results.append(WriteResult(updateTime: current?.updateTime))
                documents.append(current)
                continue
            }
            staged[write.path] = .some(next)
            results.append(WriteResult(updateTime: next?.updateTime, transformResults: transformResults))
            documents.append(next)
        }
        try review?(CommitReview(items: reviewed, tree: state.tree, staged: staged))
        if let failedPrecondition { throw failedPrecondition }
        var changes: [DocumentChange] = []
        var puts: [Document] = []
        for write in writes {
            guard let document = staged.removeValue(forKey: write.path) else { continue }
            let before = state.tree.document(at: write.path)
            guard before != document else { continue }
            changes.append(DocumentChange(path: write.path, before: before, after: document))
            if let document { puts.append(document) } else { state.tree.remove(write.path) }
        }
        state.tree.put(puts)
        let committed = CommittedChanges(commitTime: commitTime, changes: changes)
        state.log.append(committed)
        let receipt = changes.isEmpty ? nil : self.journal(.commit(self.database, committed), changes: committed, in: &state)
        self.publish(committed, receipt: receipt, in: &state)
        return CommitResult(commitTime: commitTime, writeResults: results, documents: documents, receipt: receipt)
    }

    private func check(_ precondition: Precondition?, of write: Write, against current: Document?, at commitTime: Timestamp) throws(FirestoreError) {
        let verb =
            switch write.operation {
            case .delete: "delete"
            case .verify: "verify"
            default: "update"
            }
        switch precondition {
        case nil:
            return
        case .exists(true) where current == nil:
            throw .notFound("No document to \(verb): \(self.name(of: write.path))")
        case .exists(false) where current != nil:
            throw .alreadyExists("Document already exists: \(self.name(of: write.path))")
        case .updateTime(let required) where required > commitTime:
            // Production answers INVALID_ARGUMENT for a version no document can have yet
            // (a past, stale one is FAILED_PRECONDITION below).
            throw .invalidArgument(
                "The updateTime precondition (\(required.rfc3339)) of \(self.name(of: write.path)) is in the future; pass an updateTime the document has had.")
        case .updateTime(let required):
            guard let current else {
                throw .notFound("No document to \(verb): \(self.name(of: write.path)) (the precondition requires updateTime \(required.rfc3339))")
            }
            if current.updateTime != required {
                throw .failedPrecondition(
                    "the stored version (\(current.updateTime.microsecondsSinceEpoch)) does not match the required base version (\(required.microsecondsSinceEpoch)) of \(self.name(of: write.path))"
                )
            }
        case .exists:
            return
        }
    }

    /// The document after `write` (nil if it is deleted) and its transform results.
    private func apply(_ write: Write, to current: Document?, at commitTime: Timestamp) throws(FirestoreError) -> (Document?, [FirestoreValue]) {
        var next: MapValue
        switch write.operation {
        case .delete:
            return (nil, [])
        case .verify:
            return (current, [])
        case .transform:
            next = current?.fields ?? MapValue()
        case .update(let fields, let mask):
            next = current?.fields ?? MapValue()
            if let mask {
                try Self.validate(mask: mask, of: write.path, in: self)
                for path in mask {
                    if let value = fields.value(at: path) {
                        next.setValue(value, at: path)
                    } else {
                        next.removeValue(at: path)
                    }
                }
            } else {
                next = fields
            }
        }
        var results: [FirestoreValue] = []
        if !write.transforms.isEmpty {
            try FieldTransform.validate(write.transforms, for: self.name(of: write.path))
            results.reserveCapacity(write.transforms.count)
            for transform in write.transforms {
                let (value, result) = transform.apply(to: next.value(at: transform.field), at: commitTime)
                next.setValue(value, at: transform.field)
                results.append(result)
            }
        }
        try next.validateForWrite(documentName: DocumentName(database: self.database, path: write.path))
        if let current, current.fields == next { return (current, results) }
        let document = Document(path: write.path, fields: next, createTime: current?.createTime ?? commitTime, updateTime: commitTime)
        return (document, results)
    }

    /// Production rejects masks naming reserved fields, `__name__`, or a path twice or nested
    /// inside another masked path (the result would depend on order).
    private static func validate(mask: [FieldPath], of path: DocumentPath, in store: DocumentStore) throws(FirestoreError) {
        for (index, field) in mask.enumerated() {
            if field.isReserved || field == .documentID {
                throw .invalidArgument("Invalid updateMask for \(store.name(of: path)): field path '\(field.canonicalString)' is reserved.")
            }
            for other in mask[(index + 1)...] where field.isPrefix(of: other) || other.isPrefix(of: field) {
                throw .invalidArgument(
                    "Invalid updateMask for \(store.name(of: path)): '\(field.canonicalString)' and '\(other.canonicalString)' overlap; list each field once."
                )
            }
        }
    }
}
