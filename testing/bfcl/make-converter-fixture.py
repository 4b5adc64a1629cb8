"""Makes lib/evals/bfcl/fixtures/bfcl-converters.json: what BFCL's own Java and JavaScript value
converters (java_type_converter, js_type_converter) make of model strings, for lib/evals/bfcl/bfcl-convert.ts.

  python3 testing/bfcl/make-converter-fixture.py <path to gorilla>/berkeley-function-call-leaderboard

A float is written {"float": x} (JSON cannot tell 2.0 from 2); an exception as "<ItsName>".
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
from bfcl_eval.eval_checker.ast_eval.type_convertor.java_type_converter import java_type_converter  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.type_convertor.js_type_converter import js_type_converter  # noqa: E402

JAVA = [
    ("5", "integer", None), ("-12", "long", None), ("12L", "long", None), ("3.5f", "float", None),
    ("3.5", "float", None), ("2.0", "double", None), ("1e3", "double", None), ("true", "boolean", None),
    ("True", "boolean", None), ("'a'", "char", None), ("5.0", "integer", None), ("1_000", "integer", None),
    ("5\n", "integer", None), ("any text", "any", None),
    ('new ArrayList<>(Arrays.asList("a", "b"))', "ArrayList", "String"),
    ("new ArrayList<Integer>(Arrays.asList(1, 2, 3))", "ArrayList", "integer"),
    ("new ArrayList<Long>() {{ add(1L); add(2L); }}", "ArrayList", "long"),
    ("new ArrayList<>()", "ArrayList", None), ("new ArrayList<>(Arrays.asList(1, \"abc\", true))", "ArrayList", None),
    ('new String[]{"x", "y"}', "Array", "String"), ("new int[]{1, 2, 3}", "Array", "integer"),
    ("new long[]{1L, 2, 3L}", "Array", "long"), ("new float[]{1.5f, 2.0f}", "Array", "float"),
    ('new HashMap<String, Object>() {{ put("key1", 1); put("key2", "value"); put("key3", true); }}', "HashMap", None),
    ('new HashMap<String, String>() { { put("key", "value"); } }', "HashMap", None),
    ("new HashMap<String, String>()", "HashMap", None), ("[1, 2]", "Array", "integer"),
    ("x", "Set", None),
]
JAVASCRIPT = [
    ('"hello"', "String", None), ("'hi'", "String", None), ("hi", "String", None), ('"', "String", None),
    ("5", "integer", None), ("5.0", "float", None), ("5", "float", None), ("1e3", "float", None),
    ("12n", "Bigint", None), ("12", "Bigint", None), ("false", "Boolean", None), ("False", "Boolean", None),
    ("[1, 2, 3]", "array", "integer"), ("['a', 'b']", "array", "String"), ("[[1,2],[3,4]]", "array", None),
    ("new Array(1, 2)", "array", "integer"), ("[]", "array", "String"), ("{}", "dict", None),
    ("{'key1': 123, 'key2': 'value', 'key3': false}", "dict", None), ('{"a": [1, 2], "b": {"c": 1}}', "dict", None),
    ("[1.5, 2]", "array", "float"), ("not an array", "array", "integer"), ("{a: 1.5, b: 'x'}", "dict", None),
]


def encode(value):
    if isinstance(value, float):
        return {"float": value}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {key: encode(item) for key, item in value.items()}
    return value


def table(convert, rows):
    out = []
    for text, kind, nested in rows:
        try:
            result = encode(convert(text, kind, nested) if nested else convert(text, kind))
        except Exception as error:  # noqa: BLE001 - the converter's own exception is the expected result
            result = f"<{type(error).__name__}>"
        out.append({"text": text, "type": kind, "items": nested, "bfcl": result})
    return out


out = Path(__file__).resolve().parents[2] / "lib" / "evals" / "bfcl" / "fixtures" / "bfcl-converters.json"
fixture = {"java": table(java_type_converter, JAVA), "javascript": table(js_type_converter, JAVASCRIPT)}
out.write_text(json.dumps(fixture, indent=1, ensure_ascii=False) + "\n")
print(f"{len(JAVA)} Java and {len(JAVASCRIPT)} JavaScript values")
