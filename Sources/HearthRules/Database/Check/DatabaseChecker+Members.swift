extension DatabaseChecker {
    /// The receiver's type for a member lookup: only queries, snapshots and strings have
    /// members; a fuzzy primitive is taken as a string (its only members are string ones).
    func receiverType(_ object: DatabaseExpression, member: String, at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        let type = try self.type(of: object)
        switch type {
        case .any, .query, .snapshot, .string: return type
        case .primitive: return .string
        default: throw DatabaseExpressionError(message: "no such method or property '\(member)' on \(type.name)", offset: at)
        }
    }

    /// The type of `name` on a receiver of static type `receiver` (not `any`).
    func member(_ name: String, on receiver: DatabaseStaticType, at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        if receiver == .query, let property = DatabaseQueryProperty(rawValue: name) { return property.type }
        if receiver == .string, name == "length" { return .number }
        if let method = DatabaseMethod.named(name, on: receiver) { return .method(method) }
        throw DatabaseExpressionError(message: "no such method or property '\(name)' on \(receiver.name)", offset: at)
    }

    func memberType(_ object: DatabaseExpression, name: String, at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        let receiver = try self.receiverType(object, member: name, at: at)
        return receiver == .any ? .any : try self.member(name, on: receiver, at: at)
    }

    /// `object[key]`: any key on a fuzzy object; otherwise only a string literal naming a member
    /// (`root["exists"]()` is accepted by Firebase, `root[$name]()` is not).
    func indexType(_ object: DatabaseExpression, key: DatabaseExpression, at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        let literal: String? = if case .string(let s, _) = key { s } else { nil }
        let receiver = try self.receiverType(object, member: literal ?? "[…]", at: at)
        if receiver == .any {
            _ = try self.type(of: key)
            return .any
        }
        guard let literal else {
            throw DatabaseExpressionError(message: "invalid property access: only a string literal may name a member here", offset: key.offset)
        }
        return try self.member(literal, on: receiver, at: key.offset)
    }

    func callType(_ callee: DatabaseExpression, _ arguments: [DatabaseExpression], at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        var type = try self.type(of: callee)
        if type.isFuzzy {
            // A call on an untyped value (`auth.uid.contains(…)`) must be a string method.
            if let name = Self.memberName(callee), let method = DatabaseMethod.named(name, on: .string) {
                type = .method(method)
            }
        }
        guard case .method(let method) = type else {
            throw DatabaseExpressionError(message: "call of something that is not a method", offset: callee.offset)
        }
        if method == .hasChildren { return try self.checkHasChildren(arguments, at: at) }
        guard arguments.count == method.parameters.count else {
            throw DatabaseExpressionError(
                message: "\(method.rawValue)() takes \(method.parameters.count) argument(s), got \(arguments.count)", offset: at)
        }
        for (index, (argument, expected)) in zip(arguments, method.parameters).enumerated() {
            try self.require(argument, [expected], strict: false, "argument \(index + 1) of \(method.rawValue)() must be a \(expected.name)", at: at)
        }
        return method.result
    }

    /// `hasChildren()` or `hasChildren(['a', 'b'])`: a literal, non-empty array of strings.
    func checkHasChildren(_ arguments: [DatabaseExpression], at: Int) throws(DatabaseExpressionError) -> DatabaseStaticType {
        if arguments.isEmpty { return .boolean }
        guard arguments.count == 1, case .array(let elements, let arrayAt) = arguments[0] else {
            throw DatabaseExpressionError(message: "hasChildren() takes no argument or one array of strings", offset: arguments.first?.offset ?? at)
        }
        guard !elements.isEmpty else {
            throw DatabaseExpressionError(message: "hasChildren() got an empty array; list the children to check", offset: arrayAt)
        }
        for element in elements {
            try self.require(element, [.string], strict: false, "hasChildren() needs an array of strings", at: arrayAt)
        }
        return .boolean
    }

    /// The member name a callee spells, `x.name` or `x["name"]`.
    static func memberName(_ callee: DatabaseExpression) -> String? {
        switch callee {
        case .member(_, let name, _): name
        case .index(_, .string(let name, _), _): name
        default: nil
        }
    }
}
