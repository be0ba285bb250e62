extension DatabaseInterpreter {
    /// `object.name` outside a call. Property access on null gives null (`auth.uid` when signed
    /// out), as in Firebase; strings have `length`, `query` its parameters, `auth` its claims.
    func property(_ name: String, of object: DatabaseRuleValue, at: Int) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        switch object {
        case .string(let s) where name == "length": return .number(Double(s.utf16.count))
        case .object(let tree):
            guard case .children(let children) = tree.content else { return .null }
            return DatabaseRuleValue(children[name])
        case .query(let query):
            guard let property = DatabaseQueryProperty(rawValue: name) else { return .null }
            return query.value(of: property)
        case .snapshot, .string:
            throw DatabaseExpressionError(message: "'\(name)' is a method; call it with ()", offset: at)
        default:
            return .null
        }
    }

    /// `object.method(arguments)`: snapshot and string methods. A call on anything else, null
    /// included (`auth.contains('x')` when signed out), is a runtime error as in Firebase.
    func call(_ callee: DatabaseExpression, _ arguments: [DatabaseExpression], at: Int) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        let receiver: DatabaseRuleValue
        let name: String
        switch callee {
        case .member(let object, let member, _):
            receiver = try self.evaluate(object)
            name = member
        case .index(let object, let key, _):
            receiver = try self.evaluate(object)
            name = try self.evaluate(key).propertyKey
        default:
            throw DatabaseExpressionError(message: "call of something that is not a method", offset: at)
        }
        var values: [DatabaseRuleValue] = []
        for argument in arguments { values.append(try self.evaluate(argument)) }
        switch receiver {
        case .snapshot(let snapshot):
            if let method = DatabaseMethod.named(name, on: .snapshot) {
                return try self.call(method, on: snapshot, values, at: at)
            }
        case .string(let string):
            if let method = DatabaseMethod.named(name, on: .string) {
                return try self.call(method, on: string, values, at: at)
            }
        default:
            break
        }
        throw DatabaseExpressionError(message: "\(name)() called on \(receiver.typeName), which has no such method", offset: callee.offset)
    }
}
