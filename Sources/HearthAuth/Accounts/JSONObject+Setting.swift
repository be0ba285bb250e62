public import HearthJSON

extension JSONObject {
    /// Replaces the member `key` in place, or appends it; nil removes it. O(members).
    public mutating func setMember(_ key: String, _ value: JSONValue?) {
        if let index = self.members.firstIndex(where: { $0.key == key }) {
            if let value { self.members[index].value = value } else { self.members.remove(at: index) }
        } else if let value {
            self.members.append(Member(key: key, value: value))
        }
    }
}
