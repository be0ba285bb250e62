# Generates the *.json files next to this script (python3 generate.py).
import json, os, re
OUT = os.path.dirname(os.path.abspath(__file__))
files = {}
def section(file, name, cases):
    tests = []
    for i, c in enumerate(cases):
        kind, expr = c[0], c[1]
        t = {"name": (c[3] if len(c) > 3 and c[3] else f"{i:03d}"), "expr": expr}
        if kind == 'E':
            t["error"] = True
            if len(c) > 2 and c[2]: t["errorContains"] = c[2]
        elif kind == 'V':
            t["value"] = c[2]
        elif kind == 'B':
            t["bindings"] = c[2]
            if c[3] not in ('ERR', 'NOVALUE'): t["value"] = c[3]
            if len(c) > 3 and c[3] == 'ERR': t["error"] = True
            t["name"] = f"{i:03d}"
        tests.append(t)
    files.setdefault(file, []).append({"name": name, "tests": tests})
T = lambda e, n=None: ('T', e, None, n)
E = lambda e, msg=None, n=None: ('E', e, msg, n)
V = lambda e, v, n=None: ('V', e, v, n)
B = lambda e, b, v='NOVALUE': ('B', e, b, v)
F = lambda x: {"float": x}

# ---------------- logic ----------------
section('logic', 'literals', [T('true'), V('false', False), V('null', None), T('!false'), V('!true', False)])
section('logic', 'or', [
    T('true || false'), T('false || true'), V('false || false', False), T('true || true'),
    T('(1/0 == 1) || true', 'error_or_true'), T('true || (1/0 == 1)', 'true_or_error'),
    E('(1/0 == 1) || false', None, 'error_or_false'), E('false || (1/0 == 1)', None, 'false_or_error'),
    T("{}.missing || true", 'missing_or_true'), E("{}.missing || false", 'Property missing is undefined on object.', 'missing_or_false'),
    T("1 || true", 'nonbool_or_true'), E("1 || false", None, 'nonbool_or_false'), E("'a' || false", None, 'string_or_false'),
    E("(1/0 == 1) || (2/0 == 1)", None, 'error_or_error'),
])
section('logic', 'and', [
    T('true && true'), V('true && false', False), V('false && true', False), V('false && false', False),
    V('(1/0 == 1) && false', False, 'error_and_false'), V('false && (1/0 == 1)', False, 'false_and_error'),
    E('(1/0 == 1) && true', None, 'error_and_true'), E('true && (1/0 == 1)', None, 'true_and_error'),
    T('((1/0 == 1) && false) || true', 'nested_absorb'), V("{}.x && false", False, 'missing_and_false'),
    E("1 && true", None, 'nonbool_and_true'), V("1 && false", False, 'nonbool_and_false'),
    E("null && true", None, 'null_and_true'),
])
section('logic', 'not', [
    E('!(1/0 == 1)', None, 'not_error'), E('!1', None, 'not_int'), E("!'true'", None, 'not_string'),
    E('!null', None, 'not_null'), T('!!true'),
])
section('logic', 'ternary', [
    V('true ? 1 : 2', 1), V('false ? 1 : 2', 2), E('1 ? 1 : 2', None, 'nonbool_condition'),
    E('(1/0 == 0) ? 1 : 2', None, 'error_condition'), V('true ? 1 : 1/0', 1, 'unselected_error_ignored'),
    V("false ? 1/0 : 'x'", 'x'), V('true ? false ? 1 : 2 : 3', 2, 'nested'), E('null ? 1 : 2', None, 'null_condition'),
])
section('logic', 'equality', [
    T('1 == 1'), T('1 != 2'), T('1 == 1.0', 'int_float_equal'), T('1.0 == 1'), T("'a' == 'a'"), T("'a' != 'b'"),
    T('null == null'), V('null == 1', False), V("1 == 'a'", False, 'cross_type_false'), T('[1, 2] == [1, 2]'),
    V('[1, 2] == [2, 1]', False), T("{'a': 1} == {'a': 1}"), V("{'a': 1} == {'a': 2}", False),
    T("{'a': 1, 'b': 2} == {'b': 2, 'a': 1}"), E('(1/0) == 1', None, 'error_equals'), E('1 == (1/0)', None, 'equals_error'),
    E('(1/0) != 1', None, 'error_not_equals'), E("{}.a == null", 'Property a is undefined on object.', 'missing_is_not_null'),
    T('[1, [2, 3]] == [1, [2, 3]]'), T("b'abc' == b'abc'"), V("b'abc' == 'abc'", False), T('true == true'),
    V('true == 1', False), T('[] == []'), T('{} == {}'), T('[1] != [1, 1]'), T('1.5 == 1.5'),
    V("{'a': [1]} == {'a': [1.0]}", True, 'nested_numeric_eq'),
])

# ---------------- arithmetic ----------------
section('arithmetic', 'int', [
    T('1 + 2 == 3'), T('5 - 7 == -2'), T('6 * 7 == 42'), T('10 / 4 == 2', 'truncates'), T('-7 / 2 == -3', 'truncates_toward_zero'),
    T('7 / -2 == -3'), T('10 % 3 == 1'), T('-7 % 3 == -1', 'mod_sign_of_dividend'), T('7 % -3 == 1'),
    E('1 / 0', 'Division by zero', 'div_zero'), E('1 % 0', None, 'mod_zero'), E('9223372036854775807 + 1', 'overflow', 'add_overflow'),
    E('-9223372036854775808 - 1', 'overflow', 'sub_overflow'), E('9223372036854775807 * 2', 'overflow', 'mul_overflow'),
    E('-9223372036854775808 / -1', 'overflow', 'div_overflow'), E('-(-9223372036854775808)', None, 'neg_overflow'),
    V('-9223372036854775808', {"int": "-9223372036854775808"}, 'min_literal'), V('9223372036854775807', {"int": "9223372036854775807"}),
    V('2 + 3 * 4', 14, 'precedence'), V('(2 + 3) * 4', 20), V('10 - 2 - 3', 5, 'left_assoc'), V('100 / 10 / 5', 2),
    V('-5', -5), V('- 5', -5), V('-(3 - 5)', 2), V('0x1F', 31, 'hex_literal'), V('7 % 7', 0), V('0 / 5', 0),
])
section('arithmetic', 'float', [
    V('1.5 + 1.5', F(3.0)), V('1 + 1.5', F(2.5), 'int_float_promotes'), V('1.5 + 1', F(2.5)), V('3.0 / 2', F(1.5)),
    V('3 / 2.0', F(1.5)), V('2.5 * 2', F(5.0)), T('0.1 + 0.2 > 0.3'), E('1.0 / 0', 'Division by zero', 'float_div_zero'),
    E('1.0 / 0.0', None, 'float_div_zero_float'), E('5.5 % 2', None, 'float_mod'), V('-1.5', F(-1.5)), V('1e3', F(1000.0)),
    V('2.5e-1', F(0.25)), V('1.0 - 3', F(-2.0)), T('1.0 is float'), T('1 is int'), V('1.0 is int', False),
    V('(1 + 1.0) is float', True),
])
section('arithmetic', 'mismatch', [
    E("1 + 'a'", 'Unsupported operation', 'int_plus_string'), E("'a' - 'b'", None), E("'a' * 2", None), E('true + 1', None),
    E('null + 1', None), E('[1] + 1', None), E("{'a':1} + {'b':2}", None, 'map_plus_map'), E('-true', None), E("-'a'", None),
    E('[1] - [1]', None),
])
section('arithmetic', 'concat', [
    V("'ab' + 'cd'", 'abcd'), V('[1] + [2, 3]', [1, 2, 3]), V("b'a' + b'b'", {"bytes": "6162"}), V("'' + ''", ''),
    V('[] + []', []),
])
section('arithmetic', 'comparison', [
    T('1 < 2'), T('2 > 1'), T('1 <= 1'), T('1 >= 1'), V('2 < 1', False), T('1 < 1.5', 'mixed'), T('1.5 > 1'),
    T("'a' < 'b'"), T("'abc' < 'abd'"), T("'ab' < 'abc'"), T("'B' < 'a'", 'codepoint_order'), V("'b' <= 'a'", False),
    E("1 < 'a'", 'Unsupported operation', 'int_lt_string'), E('null < 1', None), E('[1] < [2]', None, 'list_lt'),
    E('(1/0) < 1', None), T("b'a' < b'b'"), T('timestamp.value(1) < timestamp.value(2)'),
    T("duration.value(1, 's') < duration.value(2, 's')"), E("{'a':1} < {'a':2}", None),
    T('-1 < 0'), T('1.0 >= 1'), T('9223372036854775807 > 0'), V('math.sqrt(-1) < 1', False, 'nan_lt_false'),
    V('math.sqrt(-1) >= 1', False, 'nan_ge_false'), V('math.sqrt(-1) == math.sqrt(-1)', False, 'nan_ne_nan'),
])

# ---------------- membership / types ----------------
section('operators', 'in', [
    T('1 in [1, 2, 3]'), V('4 in [1, 2, 3]', False), T("'a' in {'a': 1}"), V("'b' in {'a': 1}", False),
    T('1 in [1, 2].toSet()'), T('1.0 in [1, 2]', 'numeric_membership'), T("'a' in ['a']"), V("'a' in []", False),
    E("1 in {'a': 1}", None, 'nonstring_in_map'), E("'a' in 'abc'", None, 'in_string'), E('1 in 1', None),
    E('(1/0) in [1]', None), E('1 in null', None), T("[1] in [[1], [2]]"), T("'k' in {'k': null}", 'null_valued_key'),
    T("!('typo' in {'a': 1})", 'absence_idiom'),
])
section('operators', 'is', [
    T('true is bool'), T('1 is int'), T('1 is number'), T('1.5 is number'), T("'s' is string"), T('[1] is list'),
    T("{'a': 1} is map"), T('[1].toSet() is set'), T('timestamp.value(0) is timestamp'), T("duration.value(1, 's') is duration"),
    T("path('a/b') is path"), T('latlng.value(1, 2) is latlng'), T("b'a' is bytes"), V("'1' is int", False),
    V('1 is string', False), V('null is map', False), V('[] is map', False), E('(1/0) is int', None, 'error_is'),
    E('1 is banana', 'unknown type', 'unknown_type'), V("{} is list", False), T("{'a':1}.diff({}) is map_diff"),
])
section('operators', 'precedence', [
    T('1 + 2 == 3 && 2 * 2 == 4'), T('true || false && false', 'and_binds_tighter'), V('(true || false) && false', False),
    T('!false == true', 'not_binds_tighter_than_eq'), T('1 < 2 == true'), T('1 in [1] == true'), V('2 - 1 - 1', 0),
    V('1 + 2 * 3 - 4 / 2', 5), T("1 + 1 in [2]"), V('true ? 1 : 0 + 10', 1, 'ternary_loosest'),
])

# ---------------- strings ----------------
section('strings', 'literals', [
    V("'a\\nb'.size()", 3, 'escape_newline'), V("'\\''", "'"), V('"\\""', '"'), V("'\\\\'", '\\'), V("'\\x41'", 'A'),
    V("'\\u00e9'", 'é'), V("'\\t'.size()", 1), V('"double"', 'double'), V("'\\101'", 'A', 'octal'), V("'é'.size()", 1, 'codepoints'),
])
section('strings', 'methods', [
    V("'HeLLo'.lower()", 'hello'), V("'HeLLo'.upper()", 'HELLO'), V("'  pad  '.trim()", 'pad'), V("'abc'.size()", 3),
    V("''.size()", 0), V("'a,b,c'.split(',')", ['a', 'b', 'c']), V("'a1b22c'.split('[0-9]+')", ['a', 'b', 'c'], 'split_regex'),
    V("'abc'.split(',')", ['abc']), V("'banana'.replace('a', 'o')", 'bonono'), V("'banana'.replace('an', '')", 'ba'),
    V("'a.b'.replace('\\\\.', '-')", 'a-b', 'replace_escaped_dot'), V("'abc'.replace('(b)', '[\\\\1]')", 'a[b]c', 'replace_group'),
    V("'abc'.toUtf8()", {"bytes": "616263"}), V("'é'.toUtf8().size()", 2), V("'abc'.toUtf8().size()", 3),
    E("'abc'.size(1)", None, 'size_arity'), E("'abc'.nope()", 'nope', 'unknown_method'), E("'a'.split(1)", None),
    V("'aXbXc'.split('X').size()", 3), V("'Straße'.upper()", 'STRASSE', 'upper_unicode'), V("'ÀB'.lower()", 'àb'),
    V("'\\n x \\t'.trim()", 'x'), V("'a-b'.split('-')[1]", 'b'), V("'x'.lower().upper()", 'X'),
])
section('strings', 'matches', [
    V("'hello world'.matches('world')", False, 'whole_string_match'), T("'hello world'.matches('.*world')"),
    T("'hello world'.matches('hello world')"), T("'user@acme.com'.matches('.*@acme\\\\.com')", 'escaped_dot'),
    V("'user@acmexcom'.matches('.*@acme\\\\.com')", False), T("'abc'.matches('[a-c]+')"), V("'abcd'.matches('[a-c]+')", False),
    T("'abc'.matches('a|abc')", 'alternation_anchored'), V("'xabc'.matches('a|abc')", False), T("''.matches('')"),
    T("''.matches('a*')"), E("'a'.matches('(')", 'Invalid regular expression', 'invalid_regex'), T("'A1'.matches('[A-Z][0-9]')"),
    T("'aaa'.matches('a{3}')"), V("'aaaa'.matches('a{3}')", False), T("'foo.bar'.matches('foo\\\\.bar')"),
    T("'line'.matches('^line$')", 'explicit_anchors_ok'), E("'a'.matches(1)", None),
])
section('strings', 'index_slice', [
    V("'abc'[0]", 'a'), V("'abc'[2]", 'c'), E("'abc'[3]", 'out of range', 'index_oob'), E("'abc'[-1]", None, 'negative_index'),
    V("'abc'[1:]", 'bc'), V("'abc'[:2]", 'ab'), V("'abc'[1:2]", 'b'), V("'abc'[0:3]", 'abc'), V("'abc'[1:1]", ''),
    E("'abc'[1:10]", 'out of range', 'slice_oob_not_clamped'), E("'abc'[2:1]", None, 'slice_reversed'), E("'abc'['a']", None),
    V("'héllo'[1]", 'é', 'codepoint_index'), E("'abc'[-1:2]", None), E("'abc'[1.0]", None),
])
section('strings', 'conversions', [
    V('string(true)', 'true'), V('string(false)', 'false'), V('string(1)', '1'), V('string(2.0)', '2.0', 'float_keeps_point'),
    V('string(null)', 'null'), V("string('x')", 'x'), V('string(-5)', '-5'), V('string(1.5)', '1.5'), E('string([1])', None),
    V("int('42')", 42), V("int('-7')", -7), E("int('4.2')", None), E("int('abc')", None), V('int(4.9)', 4, 'int_truncates'),
    V('int(-4.9)', -4), V('int(7)', 7), E('int(true)', None), V("float('2.5')", F(2.5)), V('float(2)', F(2.0)),
    V('float(2.5)', F(2.5)), E("float('x')", None), E('bool(1)', 'Function not found', 'bool_not_found'), E("bool('true')", None),
    E('int(1e300)', None, 'int_out_of_range'),
])

# ---------------- bytes ----------------
section('bytes', 'methods', [
    V("b'abc'.size()", 3), V("b'\\x0F'.size()", 1), V("b'\\x0F'", {"bytes": "0F"}), V("b'\\xff\\x00'", {"bytes": "FF00"}),
    V("b'~~~'.toBase64()", 'fn5-', 'base64_urlsafe'), V("b'\\xfb\\xff'.toBase64()", '-_8=', 'base64_padded'),
    V("b'a'.toBase64()", 'YQ=='), V("b'ab'.toBase64()", 'YWI='), V("b'abc'.toBase64()", 'YWJj'), V("b''.toBase64()", ''),
    V("b'\\x0f\\xa0'.toHexString()", '0FA0', 'hex_uppercase'), V("b'abc'.toHexString()", '616263'), V("b''.toHexString()", ''),
    V("b'\\xde\\xad\\xbe\\xef'.toHexString()", 'DEADBEEF'), V("b'abc'[1]", 98), V("b'abc'[0:2]", {"bytes": "6162"}),
    E("b'abc'[5]", None), E("b'a'.lower()", None, 'no_string_methods'), V("'héllo'.toUtf8().toHexString()", '68C3A96C6C6F'),
    V("b'\\101'", {"bytes": "41"}, 'octal_byte'),
])

# ---------------- lists ----------------
section('lists', 'index_slice', [
    V('[1, 2, 3][0]', 1), V('[1, 2, 3][2]', 3), E('[1, 2, 3][5]', 'out of range', 'index_oob'), E('[1, 2, 3][-1]', None),
    V('[1, 2, 3][1:]', [2, 3]), V('[1, 2, 3][:1]', [1]), V('[1, 2, 3][0:3]', [1, 2, 3]), E('[1, 2, 3][1:5]', None, 'slice_oob'),
    E("[1][0.0]", None), E("[1]['0']", None), V('[[1, 2]][0][1]', 2), V('[1, 2, 3][1:1]', []), E('[1/0, 2][1]', None, 'element_error_propagates'),
])
section('lists', 'methods', [
    V('[1, 2].concat([2, 3])', [1, 2, 2, 3], 'concat_no_dedupe'), T('[1, 2, 3].hasAll([1, 3])'), V('[1, 2].hasAll([1, 4])', False),
    T('[1, 2].hasAll([])'), T('[1, 2].hasAny([5, 2])'), V('[1, 2].hasAny([5])', False), V('[1, 2].hasAny([])', False),
    T('[1, 2].hasOnly([1, 2, 3])'), V('[1, 4].hasOnly([1, 2, 3])', False), T('[].hasOnly([1])'), T('[1, 1].hasOnly([1])'),
    T('[1, 2].hasAll([1].toSet())', 'set_argument_ok'), T('[1, 2].hasAny([2].toSet())'), T('[1].hasOnly([1, 2].toSet())'),
    V("['a', 'b'].join(',')", 'a,b'), V("['a', 'b'].join('')", 'ab'), V("[].join('-')", ''), E("[1, 2].join(',')", None, 'join_nonstring'),
    V('[1, 2, 1, 3].removeAll([1])', [2, 3], 'removeAll_every_occurrence'), V('[1, 2].removeAll([5])', [1, 2]),
    V('[1, 2, 3].size()', 3), V('[].size()', 0), V('[1, 2, 2].toSet()', {"set": [1, 2]}), V('[1, 2, 2].toSet().size()', 2),
    E('[1].concat(1)', None), E("[1].hasAll('a')", None), E('[1].keys()', None, 'no_keys_on_list'), E('[1].get(0, 1)', None),
    E('[1].diff([1])', None), T("['title'].hasOnly(['title', 'body'])"), V('[1, 2.0].toSet().size()', 2), V('[1, 1.0].toSet().size()', 1, 'numeric_set_dedupe'),
    V("[1, 'a', true].size()", 3), T('[null].hasAll([null])'),
])

# ---------------- sets ----------------
section('sets', 'methods', [
    V('[1, 2].toSet().size()', 2), T('[1, 2].toSet() == [2, 1].toSet()', 'unordered_equality'), V('[1].toSet() == [1]', False, 'set_not_list'),
    T('[1, 2, 3].toSet().hasAll([1, 2])'), T('[1, 2].toSet().hasAny([2, 9])'), T('[1, 2].toSet().hasOnly([1, 2, 3])'),
    V('[1, 2].toSet().difference([2].toSet())', {"set": [1]}), V('[1, 2].toSet().intersection([2, 3].toSet())', {"set": [2]}),
    V('[1, 2].toSet().union([2, 3].toSet())', {"set": [1, 2, 3]}), E('[1, 2].toSet().difference([2])', 'set argument', 'difference_needs_set'),
    E('[1, 2].toSet().union([3])', None, 'union_needs_set'), E('[1].toSet().intersection([1])', None),
    E("{'a': 1}.keys().difference(['a'].toSet())", None, 'map_keys_is_list'), T("{'a': 1}.keys().toSet().difference(['a'].toSet()).size() == 0"),
    T('2 in [1, 2].toSet()'), V('[].toSet().size()', 0), E('[1].toSet()[0]', None, 'sets_not_indexable'),
    T('[1, 2].toSet().difference([1, 2].toSet()) == [].toSet()'), T('[1].toSet().hasAll([1].toSet())'),
    V("['a','b'].toSet().union(['b','c'].toSet()).size()", 3), E('[1].toSet().join(",")', None),
])

# ---------------- maps ----------------
M = "{'a': 1, 'b': {'c': 2}}"
section('maps', 'access', [
    V(f"{M}.a", 1), V(f"{M}['a']", 1), V(f"{M}.b.c", 2), V(f"{M}['b']['c']", 2),
    E(f"{M}.z", 'Property z is undefined on object.', 'missing_key_error'), E(f"{M}['z']", 'Property z is undefined on object.'),
    E(f"{M}.b.z", None), E(f"{M}[1]", None, 'nonstring_index'), E('null.a', 'Null value error.', 'null_select'),
    E('(1/0).a', None), V("{'a': null}.a", None, 'null_value_present'), E("{'a': null}.a.b", 'Null value error.'),
    E('[1].a', None, 'select_on_list'), E("'s'.a", None), V("{'a': 1, 'a': 2}.a", 2, 'duplicate_key_last_wins'),
    E("{1: 'a'}", None, 'nonstring_key'), V("{'x': [1, 2]}.x[1]", 2),
])
section('maps', 'methods', [
    V(f"{M}.get('a', 0)", 1), V(f"{M}.get('z', 0)", 0, 'default'), V(f"{M}.get(['b', 'c'], 0)", 2, 'list_path'),
    V(f"{M}.get(['b', 'z'], 0)", 0), V(f"{M}.get(['a', 'c'], 'd')", 'd', 'non_map_step_default'), V(f"{M}.get([], 'd')", {"map": {"a": 1, "b": {"map": {"c": 2}}}}),
    V("{'a': null}.get('a', 1)", None, 'present_null_not_default'), V(f"{M}.keys()", ['a', 'b']), V(f"{M}.keys().size()", 2),
    T(f"{M}.keys() is list", 'keys_is_list'), V("{'a': 1, 'b': 2}.values()", [1, 2]), V(f"{M}.size()", 2), V('{}.size()', 0),
    E(f"{M}.hasAll(['a'])", None, 'no_hasAll_on_map'), E(f"{M}.hasAny(['a'])", None), E(f"{M}.hasOnly(['a'])", None),
    T(f"{M}.keys().hasAll(['a'])"), T(f"{M}.keys().hasOnly(['a', 'b', 'c'])"), E(f"{M}.get(1, 0)", None),
    E(f"{M}.diff([1])", None), T(f"{M}.diff({{}}) is map_diff"), E(f"{M}.get('a')", None, 'get_arity'), T("'a' in {'a': 1}.keys()"),
])
D = "{'a': 1, 'b': 2, 'c': 3}.diff({'b': 2, 'c': 4, 'd': 5})"
section('maps', 'diff', [
    V(f"{D}.addedKeys()", {"set": ['a']}), V(f"{D}.removedKeys()", {"set": ['d']}), V(f"{D}.changedKeys()", {"set": ['c']}),
    V(f"{D}.unchangedKeys()", {"set": ['b']}), V(f"{D}.affectedKeys()", {"set": ['a', 'c', 'd']}),
    T(f"{D}.affectedKeys().hasOnly(['a', 'c', 'd'])"), V(f"{D}.affectedKeys().hasOnly(['a'])", False), T(f"{D}.affectedKeys() is set"),
    V("{}.diff({}).affectedKeys().size()", 0), T("{'a': 1}.diff({'a': 1.0}).unchangedKeys() == ['a'].toSet()", 'numeric_equal_unchanged'),
    T("{'t': 'x', 'n': 1}.diff({'t': 'y', 'n': 1}).affectedKeys().hasOnly(['t'])", 'update_only_title_idiom'),
    E(f"{D}.size()", None), V("{'a': [1]}.diff({'a': [2]}).changedKeys()", {"set": ['a']}), V("{'a': {'x': 1}}.diff({'a': {'x': 1}}).changedKeys()", {"set": []}),
    E(f"{D}.addedKeys(1)", None),
])

# ---------------- timestamps / durations ----------------
TS = "timestamp.value(1700000000123)"  # 2023-11-14T22:13:20.123Z (Tuesday)
section('time', 'timestamp', [
    V(f"{TS}.year()", 2023), V(f"{TS}.month()", 11), V(f"{TS}.day()", 14), V(f"{TS}.hours()", 22), V(f"{TS}.minutes()", 13),
    V(f"{TS}.seconds()", 20), V(f"{TS}.nanos()", 123000000), V(f"{TS}.toMillis()", 1700000000123), V(f"{TS}.dayOfWeek()", 2, 'tuesday_is_2'),
    V(f"{TS}.dayOfYear()", 318), V(f"{TS}.date()", {"timestamp": [1699920000]}), V(f"{TS}.time()", {"duration": [80000, 123000000]}),
    V('timestamp.date(2024, 2, 29).dayOfYear()', 60), V('timestamp.date(2024, 12, 31).dayOfYear()', 366), V('timestamp.date(1970, 1, 1)', {"timestamp": [0]}),
    V('timestamp.date(2000, 1, 1).toMillis()', 946684800000), E('timestamp.date(2023, 2, 29)', None, 'invalid_date'), E('timestamp.date(2023, 13, 1)', None),
    V('timestamp.value(0).year()', 1970), V('timestamp.value(-1).year()', 1969, 'negative_millis'), V('timestamp.value(-1).nanos()', 999000000),
    V('timestamp.date(2024, 1, 7).dayOfWeek()', 7, 'sunday_is_7'), V('timestamp.date(2024, 1, 1).dayOfWeek()', 1, 'monday_is_1'),
    T(f"{TS} == timestamp.value(1700000000123)"), T(f"{TS} > timestamp.value(0)"), E(f"{TS}.year(1)", None), E("timestamp.value('x')", None),
    T('timestamp.date(2023, 1, 1) < timestamp.date(2023, 1, 2)'), E(f"{TS} + 1", None, 'ts_plus_int'), E(f"{TS} + {TS}", None, 'ts_plus_ts'),
    V('timestamp.date(1, 1, 1).year()', 1), V('timestamp.date(9999, 12, 31).year()', 9999), E("timestamp.date(10000, 1, 1)", None),
])
section('time', 'duration', [
    V("duration.value(90, 's').seconds()", 90), V("duration.value(1, 'm').seconds()", 60), V("duration.value(2, 'h').seconds()", 7200),
    V("duration.value(1, 'd').seconds()", 86400), V("duration.value(1, 'w').seconds()", 604800), V("duration.value(1500, 'ms').seconds()", 1),
    V("duration.value(1500, 'ms').nanos()", 500000000), V("duration.value(5, 'ns').nanos()", 5), E("duration.value(1, 'y')", None, 'bad_unit'),
    V("duration.time(1, 2, 3, 4).seconds()", 3723), V("duration.time(1, 2, 3, 4).nanos()", 4), V("duration.abs(duration.value(-5, 's')).seconds()", 5),
    V("duration.abs(duration.value(5, 's')).seconds()", 5), T("duration.value(1, 'm') == duration.value(60, 's')"),
    V("(duration.value(1, 's') + duration.value(500, 'ms')).nanos()", 500000000), V("(duration.value(1, 's') - duration.value(2, 's')).seconds()", -1),
    T("-duration.value(1, 's') == duration.value(-1, 's')"), E("duration.value(1, 's') * 2", None), E("duration.value('1', 's')", None),
    T("duration.value(-1, 's') < duration.value(0, 's')"), V("duration.value(-1500, 'ms').seconds()", -1), V("duration.value(-1500, 'ms').nanos()", -500000000),
])
section('time', 'arithmetic', [
    T(f"{TS} + duration.value(1, 'd') == timestamp.value(1700086400123)"), T(f"{TS} - duration.value(123, 'ms') == timestamp.value(1700000000000)"),
    T(f"({TS} - timestamp.value(1700000000000)) == duration.value(123, 'ms')"), T("timestamp.value(1000) - timestamp.value(0) == duration.value(1, 's')"),
    V("(timestamp.value(0) - timestamp.value(1500)).seconds()", -1), T("duration.value(1, 'h') + timestamp.value(0) == timestamp.value(3600000)"),
    T(f"{TS}.date() + {TS}.time() == {TS}", 'date_plus_time'), E("timestamp.date(9999, 12, 31) + duration.value(1, 'd')", None, 'ts_overflow'),
    T("timestamp.value(0) + duration.value(-1, 'd') == timestamp.date(1969, 12, 31)"), E("timestamp.value(0) - duration.value(1, 's') - 1", None),
])

# ---------------- latlng ----------------
section('latlng', 'methods', [
    V('latlng.value(10, 20).latitude()', F(10.0)), V('latlng.value(10, 20).longitude()', F(20.0)), V('latlng.value(1, 2).distance(latlng.value(1, 2))', F(0.0)),
    T('latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000 && latlng.value(0, 0).distance(latlng.value(0, 1)) < 111400', 'one_degree'),
    T('latlng.value(1.5, 2) == latlng.value(1.5, 2)'), V('latlng.value(1, 2) == latlng.value(2, 1)', False), E('latlng.value(91, 0)', None, 'lat_range'),
    E('latlng.value(0, 181)', None), E("latlng.value('a', 0)", None), E('latlng.value(0, 0).distance(1)', None),
    T('latlng.value(51.5, -0.12).distance(latlng.value(48.85, 2.35)) > 340000 && latlng.value(51.5, -0.12).distance(latlng.value(48.85, 2.35)) < 345000', 'london_paris'),
])

# ---------------- paths ----------------
section('paths', 'literals', [
    V('/databases/db/documents/users/alice', {"path": "/databases/db/documents/users/alice"}), V("/a/$('b')/c", {"path": "/a/b/c"}, 'interpolation'),
    B("/databases/$(database)/documents/users/$(uid)", {"database": "(default)", "uid": "u1"}, {"path": "/databases/(default)/documents/users/u1"}),
    V("/a/b[1]", 'b', 'path_index'), V("/a/b[0]", 'a'), E("/a/b[2]", None), T("/a/b == /a/b"), V("/a/b == /a/c", False),
    T("/a/$('b') == path('a/b')"), B("/users/$(p)/x", {"p": {"path": "/a/b"}}, {"path": "/users/a/b/x"}), V("/a/b-c_d.e", {"path": "/a/b-c_d.e"}, 'raw_segment_chars'),
    T("/a/b is path"), E("/a/$(1/0)", None), E("/a/$([1])", None),
])
section('paths', 'functions', [
    V("path('users/alice')", {"path": "/users/alice"}), V("path('/users/alice')[1]", 'alice'), T("path('users/{uid}').bind({'uid': 'a'}) == path('users/a')"),
    E("path(path('a/b'))", None, 'path_of_path_error'), E("path(1)", None), E("path('users/{uid}').bind({})", None, 'unbound_wildcard'),
    T("path('a/{x}/c/{y}').bind({'x': '1', 'y': '2'}) == /a/1/c/2"), V("path('a/b/c')[0:2]", {"path": "/a/b"}), E("path('a').bind(1)", None),
    E("path('a/b').foo()", None),
])

# ---------------- math ----------------
section('math', 'functions', [
    V('math.abs(-3)', 3), V('math.abs(-3.5)', F(3.5)), V('math.abs(3)', 3), V('math.ceil(1.2)', 2), V('math.ceil(-1.2)', -1),
    V('math.floor(1.8)', 1), V('math.floor(-1.2)', -2), V('math.round(1.5)', 2), V('math.round(2.5)', 3, 'half_away_from_zero'),
    V('math.round(-1.5)', -2), V('math.round(1.4)', 1), V('math.sqrt(16)', F(4.0)), V('math.sqrt(2.25)', F(1.5)), V('math.pow(2, 10)', F(1024.0)),
    V('math.pow(2.0, 0.5) > 1.41', True), T('math.isNaN(math.sqrt(-1))'), V('math.isNaN(1.0)', False), V('math.isNaN(1)', False),
    E('math.isInfinite(1.0)', 'Function not found', 'isInfinite_rejected'), E("math.abs('a')", None), E('math.abs()', None),
    E('math.nope(1)', 'Function not found'), V('math.ceil(3)', 3), E('math.abs(-9223372036854775808)', None), V('math.floor(2.0)', 2),
])

# ---------------- hashing ----------------
section('hashing', 'functions', [
    V("hashing.crc32('123456789').toHexString()", '2639F4CB', 'crc32_little_endian'), V("hashing.crc32c('123456789').toHexString()", '839206E3', 'crc32c_little_endian'),
    V("hashing.md5('').toHexString()", 'D41D8CD98F00B204E9800998ECF8427E'), V("hashing.md5('abc').toHexString()", '900150983CD24FB0D6963F7D28E17F72'),
    V("hashing.md5('The quick brown fox jumps over the lazy dog').toHexString()", '9E107D9D372BB6826BD81D3542A419D6'),
    V("hashing.sha256('').toHexString()", 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'),
    V("hashing.sha256('abc').toHexString()", 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'),
    T("hashing.sha256(b'abc') == hashing.sha256('abc')", 'bytes_and_string_agree'), V("hashing.md5('x').size()", 16), V("hashing.sha256('x').size()", 32),
    V("hashing.crc32('').toHexString()", '00000000'), E('hashing.md5(1)', None), E("hashing.sha1('x')", 'Function not found'),
    V("hashing.sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq').toHexString()", '248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1', 'sha256_two_blocks'),
    V("hashing.crc32(b'\\x00').toHexString()", '8DEF02D2'),
])

# ---------------- bindings / variables ----------------
section('variables', 'bindings', [
    B('x + 1', {"x": 41}, 42), B('x.name', {"x": {"map": {"name": "a"}}}, 'a'), B('x.missing', {"x": {"map": {}}}, 'ERR'),
    B("resource.data.typo == null", {"resource": {"map": {"data": {"map": {}}}}}, 'ERR'), B('resource.data', {"resource": None}, 'ERR'),
    B("!('typo' in resource.data)", {"resource": {"map": {"data": {"map": {}}}}}, True), B('t.year()', {"t": {"timestamp": [0]}}, 1970),
    B('d.seconds()', {"d": {"duration": [5, 0]}}, 5), B('l.size()', {"l": [1, 2, 3]}, 3), B('s.size()', {"s": {"set": [1, 2]}}, 2),
    B('b.size()', {"b": {"bytes": "0001"}}, 2), B('g.latitude()', {"g": {"latlng": [1, 2]}}, F(1.0)), B('f * 2', {"f": F(1.5)}, F(3.0)),
    B('request.auth.uid == "u"', {"request": {"map": {"auth": {"map": {"uid": "u"}}}}}, True), B('request.auth.uid', {"request": {"map": {"auth": None}}}, 'ERR'),
    B('request.auth != null && request.auth.uid == "u"', {"request": {"map": {"auth": None}}}, False),
    B("request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title'])",
      {"request": {"map": {"resource": {"map": {"data": {"map": {"title": "new", "body": "b"}}}}}}, "resource": {"map": {"data": {"map": {"title": "old", "body": "b"}}}}}, True),
    B('undefinedVar', {}, 'ERR'), B('x', {"x": None}, None), B('x == null', {"x": None}, True),
])

# ---------------- debug and misc globals ----------------
section('misc', 'debug', [V('debug(1) + 1', 2), T('debug(true)'), E('debug(1/0)', None, 'debug_passes_error'), V("debug('x')", 'x')])
section('misc', 'unknown', [
    E('nope(1)', 'Function not found', 'unknown_global'), E('get()', None, 'get_arity'), E('exists(1, 2)', None),
    E("get(/databases/d/documents/a/b)", 'Service call error', 'get_missing_errors'), V("exists(/databases/d/documents/a/b)", False, 'exists_missing_false'),
    E("exists('a/b')", None, 'exists_needs_path'), E("get(/a/b)", None, 'relative_path_error'), V("existsAfter(/databases/d/documents/a/b)", False),
    E("getAfter(/databases/d/documents/a/b)", None),
])
section('misc', 'syntax_errors', [E('1 +', None, 'incomplete'), E('(1', None), E('[1, 2', None), E("'unterminated", None), E('1 2', None), E('a.', None)])
section('misc', 'collections', [
    V('[1, [2, [3]]][1][1][0]', 3), V("{'a': {'b': {'c': 'd'}}}.a.b.c", 'd'), V('[]', []), V('{}', {"map": {}}),
    V("{'k': 1}", {"map": {"k": 1}}), V('[1, 2,]', [1, 2], 'trailing_comma'), V("{'a': 1,}", {"map": {"a": 1}}),
    V("[1 + 1, 'a' + 'b']", [2, 'ab']), E('[1, 1/0]', None, 'list_element_error'), E("{'a': 1/0}", None, 'map_value_error'),
])

os.makedirs(OUT, exist_ok=True)
total = 0
for name, sections in files.items():
    total += sum(len(s['tests']) for s in sections)
    with open(os.path.join(OUT, name + '.json'), 'w') as f:
        json.dump({"sections": sections}, f, indent=1, ensure_ascii=False)
        f.write('\n')
print('cases', total)
