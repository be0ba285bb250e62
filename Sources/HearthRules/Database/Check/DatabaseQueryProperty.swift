/// The members of the `query` variable in RTDB rules (reference §8.9).
enum DatabaseQueryProperty: String, Sendable, CaseIterable {
    case orderByKey, orderByPriority, orderByValue, orderByChild
    case startAt, endAt, equalTo, limitToFirst, limitToLast

    var type: DatabaseStaticType {
        switch self {
        case .orderByKey, .orderByPriority, .orderByValue: .boolean
        case .orderByChild: .string
        case .startAt, .endAt, .equalTo: .primitive
        case .limitToFirst, .limitToLast: .number
        }
    }
}
