"""Makes lib/evals/bfcl/fixtures/bfcl-agreement.json: real BFCL cases, scripted model outputs for them,
and the verdict BFCL's own checker gives each output.

  python3 testing/bfcl/make-agreement-fixture.py <path to gorilla>/berkeley-function-call-leaderboard

The cases come from BFCL's data (bfcl_eval/data, v4; v3's categories carry over), 20 spread over
each AST category (Java and JavaScript among them) and the relevance and irrelevance ones. The outputs are written as a function-calling model
returns them (a provider-safe name and the arguments' JSON text): each case's first acceptable
answer, then variations that BFCL accepts or refuses (strings in another case and punctuation, an
argument too many or too few, 5.0 for an integer, 2 for a float, a wrong value, a wrong name, the
calls in another order, a call too many, none at all). The verdicts are BFCL's `ast_checker`,
imported from the checkout and run here; nothing of BFCL's code is kept, only its data and verdicts.
"""

import copy
import json
import sys
import types
from pathlib import Path

root = Path(sys.argv[1])
sys.path.insert(0, str(root))


class _Config:
    underscore_to_dot = True  # as for OpenAI's models: "." is sent as "_"


model_config = types.ModuleType("bfcl_eval.constants.model_config")
model_config.MODEL_CONFIG_MAPPING = {"gpt/4o": _Config()}
sys.modules["bfcl_eval.constants.model_config"] = model_config
from bfcl_eval.constants.enums import Language  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker  # noqa: E402
from language_forms import language_variations  # noqa: E402  (beside this script)

DATA = root / "bfcl_eval" / "data"
CATEGORIES = [
    "simple_python",
    "multiple",
    "parallel",
    "parallel_multiple",
    "irrelevance",
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
    "live_irrelevance",
    "live_relevance",
    "simple_java",
    "simple_javascript",
]
LANGUAGES = {"simple_java": Language.JAVA, "simple_javascript": Language.JAVASCRIPT}
PER_CATEGORY = 20


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def safe(name):
    return name.replace(".", "_")


def first_value(values):
    for value in values:
        if value != "":
            return value
    return None


def base_calls(truth):
    calls = []
    for call in truth:
        (name, params), = call.items()
        args = {}
        for param, values in params.items():
            value = first_value(values)
            if value is not None:
                args[param] = copy.deepcopy(value)
        calls.append({"name": safe(name), "args": args, "original": name})
    return calls


def param_type(functions, name, param):
    for function in functions:
        if function["name"] == name:
            return function["parameters"]["properties"].get(param, {}).get("type")
    return None


def variations(entry, truth, category):
    functions = entry["function"]
    if category in LANGUAGES:
        return language_variations(entry, truth, category, base_calls)
    if not truth:
        first = functions[0]
        required = first["parameters"].get("required", [])
        args = {param: "x" for param in required}
        return [("no call", []), ("a call where none is wanted", [{"name": safe(first["name"]), "args": args}])]
    base = base_calls(truth)
    out = [("the first acceptable answer", base)]

    def edited(label, change):
        calls = copy.deepcopy(base)
        if change(calls) is not False:
            out.append((label, calls))

    def each_param(calls):
        for call in calls:
            for param, value in call["args"].items():
                yield call, param, value, param_type(functions, call["original"], param)

    def string_variant(calls):
        for call, param, value, kind in each_param(calls):
            if isinstance(value, str) and value.strip():
                call["args"][param] = f" {value.upper()}."
                return True
        return False

    def extra_argument(calls):
        calls[0]["args"]["unexpected_argument"] = 1

    def missing_argument(calls):
        for call, param, value, kind in each_param(calls):
            del call["args"][param]
            return True
        return False

    def float_for_integer(calls):
        for call, param, value, kind in each_param(calls):
            if kind == "integer" and type(value) is int:
                call["args"][param] = float(value)
                return True
        return False

    def integer_for_float(calls):
        for call, param, value, kind in each_param(calls):
            if kind == "float" and type(value) is float and value.is_integer():
                call["args"][param] = int(value)
                return True
        return False

    def wrong_value(calls):
        for call, param, value, kind in each_param(calls):
            if type(value) is bool:
                call["args"][param] = not value
            elif type(value) in (int, float):
                call["args"][param] = value + 7
            elif isinstance(value, str):
                call["args"][param] = value + " zzz"
            else:
                continue
            return True
        return False

    def bool_as_text(calls):
        for call, param, value, kind in each_param(calls):
            if type(value) is bool:
                call["args"][param] = "true" if value else "false"
                return True
        return False

    def dict_variant(calls):
        for call, param, value, kind in each_param(calls):
            if isinstance(value, dict):
                for key, inner in value.items():
                    if isinstance(inner, str) and inner.strip():
                        value[key] = inner.lower() + "."
                        return True
                value["unexpected_key"] = 1
                return True
        return False

    def optional_left_out(calls):
        for call in calls:
            (name, params), = [c for c in truth if safe(list(c)[0]) == call["name"]][0].items()
            for param, values in params.items():
                if "" in values and param in call["args"]:
                    del call["args"][param]
                    return True
        return False

    def list_item_variant(calls):
        for call, param, value, kind in each_param(calls):
            if isinstance(value, list) and value and isinstance(value[0], str) and value[0].strip():
                value[0] = value[0].upper() + "."
                return True
        return False

    def whole_numbers_in_a_list(calls):
        for call, param, value, kind in each_param(calls):
            if isinstance(value, list) and value and all(type(item) is float for item in value):
                call["args"][param] = [int(item) if item.is_integer() else item for item in value]
                return True
        return False

    def null_value(calls):
        for call, param, value, kind in each_param(calls):
            call["args"][param] = None
            return True
        return False

    def wrong_name(calls):
        calls[0]["name"] = calls[0]["name"] + "_v2"

    def reversed_order(calls):
        if len(calls) < 2:
            return False
        calls.reverse()

    def extra_call(calls):
        calls.append(copy.deepcopy(calls[0]))

    edited("a string in capitals, with spaces and a full stop", string_variant)
    edited("an argument the answer does not have", extra_argument)
    edited("an argument left out", missing_argument)
    edited("5.0 for an integer", float_for_integer)
    edited("a whole number for a float", integer_for_float)
    edited("a wrong value", wrong_value)
    edited("a boolean as text", bool_as_text)
    edited("a dict's value in another case, or a key too many", dict_variant)
    edited("an optional argument left out", optional_left_out)
    edited("a list's first string in capitals, with a full stop", list_item_variant)
    edited("whole numbers in a list of floats", whole_numbers_in_a_list)
    edited("null for an argument", null_value)
    edited("a wrong function name", wrong_name)
    edited("the calls in another order", reversed_order)
    edited("a call too many", extra_call)
    out.append(("no call", []))
    return out


def verdict(category, entry, truth, calls):
    # BFCL's relevance and irrelevance checks (eval_runner): whether the output decodes to any call.
    if "irrelevance" in category:
        return len(calls) == 0
    if category == "live_relevance":
        return len(calls) > 0
    model_output = [{call["name"]: json.loads(call["arguments"])} for call in calls]
    language = LANGUAGES.get(category, Language.PYTHON)
    try:
        result = ast_checker(entry["function"], model_output, truth, language, category, "gpt_4o")
    except Exception:  # BFCL's checker raises on some values (e.g. a Bigint it cannot read): the output is not valid
        return False
    return bool(result["valid"])


cases = []
outputs = []
for category in CATEGORIES:
    entries = lines(DATA / f"BFCL_v4_{category}.json")
    answer_file = DATA / "possible_answer" / f"BFCL_v4_{category}.json"
    answers = {line["id"]: line["ground_truth"] for line in lines(answer_file)} if answer_file.exists() else {}
    # Spread over the category, each entry once (a category of fewer entries gives them all).
    picked = [entries[index] for index in sorted({round(i * len(entries) / PER_CATEGORY) for i in range(PER_CATEGORY)})]
    for entry in picked:
        truth = answers.get(entry["id"], [])
        cases.append({"category": category, **entry, "ground_truth": truth})
        for label, calls in variations(entry, truth, category):
            written = [{"name": call["name"], "arguments": json.dumps(call["args"])} for call in calls]
            outputs.append(
                {
                    "id": entry["id"],
                    "output": label,
                    "calls": written,
                    "bfcl": verdict(category, entry, truth, written),
                }
            )

out = Path(__file__).resolve().parents[2] / "lib" / "evals" / "bfcl" / "fixtures" / "bfcl-agreement.json"
out.parent.mkdir(parents=True, exist_ok=True)
# One case or output a line: readable, and a change shows as the lines it touches.
rows = lambda items: ",\n".join(json.dumps(item, ensure_ascii=False) for item in items)  # noqa: E731
out.write_text(f'{{"cases": [\n{rows(cases)}\n],\n"outputs": [\n{rows(outputs)}\n]}}\n')
accepted = sum(1 for output in outputs if output["bfcl"])
print(f"{len(cases)} cases, {len(outputs)} outputs ({accepted} BFCL accepts, {len(outputs) - accepted} it refuses)")
