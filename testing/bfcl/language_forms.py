"""Java and JavaScript outputs for the agreement fixture (make-agreement-fixture.py): each case's
first acceptable answer written as BFCL asks the model to write it (every value a string of the
language's syntax), variations of it, and the same values typed as JSON."""

import copy
import json


def java_text(value, kind, items):
    """A possible answer (a Python value) written as Java syntax in a string, as BFCL asks the model."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind == "long" and isinstance(value, int):
        return f"{value}L"
    if kind == "float" and isinstance(value, (int, float)):
        return f"{float(value)}f"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        inner = ", ".join(f'"{item}"' if isinstance(item, str) else java_text(item, items, None) for item in value)
        if kind == "ArrayList":
            return f"new ArrayList<>(Arrays.asList({inner}))"
        return f"new {'String' if items == 'String' else 'Object'}[]{{{inner}}}"
    if isinstance(value, dict):
        puts = " ".join(f'put("{key}", {json.dumps(inner)});' for key, inner in value.items())
        return f"new HashMap<String, Object>() {{{{ {puts} }}}}"
    return str(value)


def js_text(value, kind, items):
    """A possible answer written as JavaScript syntax in a string, as BFCL asks the model."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind == "Bigint" and isinstance(value, int):
        return f"{value}n"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, dict)):
        return json.dumps(value)
    return str(value)


def language_variations(entry, truth, category, base_calls):
    """BFCL's form (every value a string in the language's syntax) and variations of it, and the typed JSON form."""
    functions = entry["function"]
    write = java_text if category == "simple_java" else js_text
    typed = base_calls(truth)
    as_text = copy.deepcopy(typed)
    for call in as_text:
        for param, value in call["args"].items():
            props = next(f for f in functions if f["name"] == call["original"])["parameters"]["properties"]
            kind = props.get(param, {}).get("type")
            items = props.get(param, {}).get("items", {}).get("type")
            call["args"][param] = write(value, kind, items)
    out = [("the first acceptable answer, as BFCL asks (strings)", as_text), ("the same values typed as JSON", typed)]

    def edited(label, change):
        calls = copy.deepcopy(as_text)
        if change(calls) is not False:
            out.append((label, calls))

    def each(calls):
        for call in calls:
            for param in list(call["args"]):
                props = next(f for f in functions if f["name"] == call["original"])["parameters"]["properties"]
                yield call, param, props.get(param, {}).get("type")

    def first_of(kinds, change):
        def run(calls):
            for call, param, kind in each(calls):
                if kind in kinds:
                    changed = change(call["args"][param])
                    if changed is not None:
                        call["args"][param] = changed
                        return True
            return False

        return run

    edited("a boolean in capitals", first_of({"boolean", "Boolean"}, lambda text: text.capitalize()))
    edited("a whole number written 5.0", first_of({"integer", "long", "short", "byte"}, lambda text: text.rstrip("lL") + ".0"))
    edited("a long without its L", first_of({"long"}, lambda text: text.rstrip("lL")))
    edited("a float without its f", first_of({"float"}, lambda text: text.rstrip("fF")))
    edited("a number in quotes", first_of({"integer", "float", "double"}, lambda text: f'"{text}"'))
    edited("a string in quotes", first_of({"String", "any"}, lambda text: f"'{text}'"))
    edited("a string in capitals, with a full stop", first_of({"String", "any"}, lambda text: text.upper() + "."))
    edited("a wrong value", first_of({"String", "any", "integer", "float", "double", "long"}, lambda text: text + "9"))
    edited("an array written as JSON", first_of({"Array", "ArrayList", "array"}, lambda text: text))
    edited("an argument left out", lambda calls: calls[0]["args"].pop(next(iter(calls[0]["args"]), None), None) is not None or False)
    edited("an argument the answer does not have", lambda calls: calls[0]["args"].update({"unexpected_argument": "1"}))
    edited("a wrong function name", lambda calls: calls[0].update({"name": calls[0]["name"] + "_v2"}))
    out.append(("no call", []))
    return out
