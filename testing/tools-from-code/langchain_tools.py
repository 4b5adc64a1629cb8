"""What LangChain makes of each paste: `convert_to_openai_tool` for every tool the paste defines.

Run with a Python that has langchain-core and pydantic: `python langchain_tools.py FILE...`.
Prints one JSON object: file name → list of `{name, description, parameters}` in source order,
or `{"error": message}`. Which definitions are tools is the playground's rule (lib/tools/from-code):
top-level functions (plain or `@tool`), `BaseTool` subclasses and `BaseModel` subclasses that no
other definition in the paste uses; names starting with `_` are helpers.
"""

import ast
import importlib.util
import inspect
import json
import sys
from enum import Enum

from langchain_core.tools import BaseTool
from langchain_core.tools.base import create_schema_from_function
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel


def load(path):
    spec = importlib.util.spec_from_file_location("paste", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def as_tool(obj):
    if isinstance(obj, BaseTool):
        return obj
    if inspect.isclass(obj) and issubclass(obj, BaseTool):
        return obj()
    return obj


def referenced_models(objects):
    """Models another definition of the paste uses (a field's type, an argument's, an args_schema)."""
    used = set()
    for obj in objects:
        schemas = []
        if inspect.isclass(obj) and issubclass(obj, BaseTool):
            args_schema = obj.model_fields["args_schema"].default
            if args_schema is not None:
                used.add(args_schema.__name__)
                schemas.append(args_schema.model_json_schema())
        elif inspect.isclass(obj) and issubclass(obj, BaseModel):
            schemas.append(obj.model_json_schema())
        else:
            if isinstance(obj, BaseTool) and inspect.isclass(obj.args_schema):
                used.add(obj.args_schema.__name__)
            fn = (obj.func or obj.coroutine) if isinstance(obj, BaseTool) else obj
            schemas.append(create_schema_from_function(fn.__name__, fn).model_json_schema())
            for annotation in getattr(fn, "__annotations__", {}).values():
                if inspect.isclass(annotation) and issubclass(annotation, BaseModel):
                    used.add(annotation.__name__)
        for schema in schemas:
            used.update(schema.get("$defs", {}).keys())
    return used


def tools_of(path):
    module = load(path)
    tree = ast.parse(open(path, encoding="utf-8").read())
    objects = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or node.name.startswith("_"):
            continue
        obj = module.__dict__[node.name]
        if inspect.isclass(obj) and not issubclass(obj, (BaseModel, BaseTool)):
            continue
        if inspect.isclass(obj) and issubclass(obj, Enum):
            continue
        objects.append(obj)
    used = referenced_models(objects)
    tools = []
    for obj in objects:
        if inspect.isclass(obj) and issubclass(obj, BaseModel) and not issubclass(obj, BaseTool) and obj.__name__ in used:
            continue
        function = convert_to_openai_tool(as_tool(obj))["function"]
        tools.append(function)
    return tools


def main():
    out = {}
    for path in sys.argv[1:]:
        name = path.rsplit("/", 1)[-1]
        try:
            out[name] = tools_of(path)
        except Exception as error:  # noqa: BLE001 - reported per file
            out[name] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(out, sys.stdout, indent=1)


main()
