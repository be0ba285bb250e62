extension FirestoreValueCodec {
    /// The members of the `value_type` oneof of `google.firestore.v1.Value`.
    ///
    /// Accepts both the lowerCamelCase JSON names and the original proto field names, as every
    /// proto3 JSON parser (and so Google's front end) does.
    enum ValueKind: Equatable {
        case nullValue, booleanValue, integerValue, doubleValue, timestampValue, stringValue
        case bytesValue, referenceValue, geoPointValue, arrayValue, mapValue
        /// `fieldReferenceValue`, `functionValue`, `pipelineValue`, `variableReferenceValue`:
        /// valid only in pipeline requests, never in stored data.
        case pipelineOnly(String)

        init?(jsonName: String) {
            switch jsonName {
            case "nullValue", "null_value": self = .nullValue
            case "booleanValue", "boolean_value": self = .booleanValue
            case "integerValue", "integer_value": self = .integerValue
            case "doubleValue", "double_value": self = .doubleValue
            case "timestampValue", "timestamp_value": self = .timestampValue
            case "stringValue", "string_value": self = .stringValue
            case "bytesValue", "bytes_value": self = .bytesValue
            case "referenceValue", "reference_value": self = .referenceValue
            case "geoPointValue", "geo_point_value": self = .geoPointValue
            case "arrayValue", "array_value": self = .arrayValue
            case "mapValue", "map_value": self = .mapValue
            case "fieldReferenceValue", "field_reference_value", "functionValue", "function_value",
                "pipelineValue", "pipeline_value", "variableReferenceValue", "variable_reference_value":
                self = .pipelineOnly(jsonName)
            default: return nil
            }
        }

        /// The lowerCamelCase name, for messages.
        var jsonName: String {
            switch self {
            case .nullValue: "nullValue"
            case .booleanValue: "booleanValue"
            case .integerValue: "integerValue"
            case .doubleValue: "doubleValue"
            case .timestampValue: "timestampValue"
            case .stringValue: "stringValue"
            case .bytesValue: "bytesValue"
            case .referenceValue: "referenceValue"
            case .geoPointValue: "geoPointValue"
            case .arrayValue: "arrayValue"
            case .mapValue: "mapValue"
            case .pipelineOnly(let name): name
            }
        }
    }
}
