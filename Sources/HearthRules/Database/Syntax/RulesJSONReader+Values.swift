extension RulesJSONReader {
    mutating func readValue(depth: Int) throws(Failure) -> RulesJSONValue {
        guard depth < self.maxDepth else { throw self.failure("rules nested more than \(self.maxDepth) levels deep") }
        let start = self.location
        guard let c = self.current else { throw self.failure("expected a value, found end of file") }
        switch c {
        case "{": return try self.readObject(depth: depth)
        case "[": return try self.readArray(depth: depth)
        case "\"":
            let (text, columns) = try self.readString()
            return RulesJSONValue(kind: .string(text), location: start, scalarColumns: columns)
        case "-", "0"..."9": return try self.readNumber()
        default:
            for (word, kind) in [("true", RulesJSONValue.Kind.bool(true)), ("false", .bool(false)), ("null", .null)]
            where self.matches(word) {
                for _ in word.unicodeScalars { self.advance() }
                return RulesJSONValue(kind: kind, location: start)
            }
            throw self.failure("expected a value (object, array, string, number, true, false or null), found '\(c)'")
        }
    }

    func matches(_ word: String) -> Bool {
        var i = self.index
        for s in word.unicodeScalars {
            guard i < self.scalars.count, self.scalars[i] == s else { return false }
            i += 1
        }
        if i < self.scalars.count, self.scalars[i].properties.isAlphabetic { return false }
        return true
    }

    mutating func readObject(depth: Int) throws(Failure) -> RulesJSONValue {
        let start = self.location
        self.advance()
        var members: [RulesJSONValue.Member] = []
        try self.skipTrivia()
        if self.current == "}" {
            self.advance()
            return RulesJSONValue(kind: .object(members), location: start)
        }
        while true {
            try self.skipTrivia()
            guard self.current == "\"" else {
                throw self.failure("expected a quoted key" + (members.isEmpty ? " or '}'" : ""))
            }
            let keyLocation = self.location
            let (key, _) = try self.readString()
            try self.skipTrivia()
            guard self.current == ":" else { throw self.failure("expected ':' after key \"\(key)\"") }
            self.advance()
            try self.skipTrivia()
            let value = try self.readValue(depth: depth + 1)
            members.append(RulesJSONValue.Member(key: key, keyLocation: keyLocation, value: value))
            try self.skipTrivia()
            if self.current == "," {
                self.advance()
                continue
            }
            if self.current == "}" {
                self.advance()
                return RulesJSONValue(kind: .object(members), location: start)
            }
            throw self.failure("expected ',' or '}' after the value of \"\(key)\"")
        }
    }

    mutating func readArray(depth: Int) throws(Failure) -> RulesJSONValue {
        let start = self.location
        self.advance()
        var elements: [RulesJSONValue] = []
        try self.skipTrivia()
        if self.current == "]" {
            self.advance()
            return RulesJSONValue(kind: .array(elements), location: start)
        }
        while true {
            try self.skipTrivia()
            elements.append(try self.readValue(depth: depth + 1))
            try self.skipTrivia()
            if self.current == "," {
                self.advance()
                continue
            }
            if self.current == "]" {
                self.advance()
                return RulesJSONValue(kind: .array(elements), location: start)
            }
            throw self.failure("expected ',' or ']' in array")
        }
    }

    mutating func readNumber() throws(Failure) -> RulesJSONValue {
        let start = self.location
        var text = ""
        while let c = self.current, c == "-" || c == "+" || c == "." || c == "e" || c == "E" || ("0"..."9").contains(c) {
            text.unicodeScalars.append(c)
            self.advance()
        }
        guard let value = Double(text), text.first != "+", text.last?.isNumber == true else {
            throw self.failure("invalid number '\(text)'", at: start)
        }
        return RulesJSONValue(kind: .number(value), location: start)
    }
}
