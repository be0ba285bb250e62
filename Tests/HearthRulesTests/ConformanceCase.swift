import Foundation
import HearthRules
import Testing

/// One conformance case, flattened to `file/section/test` like cel-go's harness.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    var id: String
    var expr: String
    var bindings: [String: RuleValue]
    /// nil with `expectError == false` means "expect true" (cel-spec default).
    var value: RuleValue?
    var expectError: Bool
    var errorContains: String?

    var testDescription: String { self.id }

    /// Every case from every `Conformance/*.json` file, sorted by ID.
    static let all: [ConformanceCase] = {
        guard let dir = Bundle.module.url(forResource: "Conformance", withExtension: nil),
            let files = try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
        else { return [] }
        var out: [ConformanceCase] = []
        for url in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) where url.pathExtension == "json" {
            guard let data = try? Data(contentsOf: url) else { continue }
            let file: ConformanceFile
            do {
                file = try JSONDecoder().decode(ConformanceFile.self, from: data)
            } catch {
                out.append(ConformanceCase(id: "\(url.lastPathComponent)/DECODE", expr: "false", bindings: [:], value: nil, expectError: false, errorContains: "\(error)"))
                continue
            }
            let base = url.deletingPathExtension().lastPathComponent
            for section in file.sections {
                for test in section.tests {
                    out.append(
                        ConformanceCase(
                            id: "\(base)/\(section.name)/\(test.name)", expr: test.expr,
                            bindings: (test.bindings ?? [:]).mapValues(\.ruleValue), value: test.value?.ruleValue,
                            expectError: test.error ?? false, errorContains: test.errorContains))
                }
            }
        }
        return out
    }()
}

struct ConformanceFile: Decodable {
    struct Section: Decodable {
        var name: String
        var tests: [Test]
    }

    struct Test: Decodable {
        var name: String
        var expr: String
        var bindings: [String: ConformanceValue]?
        var value: ConformanceValue?
        var error: Bool?
        var errorContains: String?

        enum CodingKeys: String, CodingKey { case name, expr, bindings, value, error, errorContains }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.name = try c.decode(String.self, forKey: .name)
            self.expr = try c.decode(String.self, forKey: .expr)
            self.bindings = try c.decodeIfPresent([String: ConformanceValue].self, forKey: .bindings)
            // `"value": null` means "expect null", not "no expectation".
            if c.contains(.value) {
                self.value = try (try? c.decodeNil(forKey: .value)) == true
                    ? ConformanceValue.value(.null) : c.decode(ConformanceValue.self, forKey: .value)
            }
            self.error = try c.decodeIfPresent(Bool.self, forKey: .error)
            self.errorContains = try c.decodeIfPresent(String.self, forKey: .errorContains)
        }
    }

    var sections: [Section]
}
