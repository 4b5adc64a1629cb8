"""Walks a package's files for BaseTools whose `args_schema` class is in the same file (and uses no
type the file imports from another file of the package), and asks LangChain's
`convert_to_openai_tool` what it sends for each: shared by the langchain-community and crewAI-tools
corpora. Nothing is picked by hand: the files are walked and their classes found with Python's own
`ast`. A tool is made with `model_construct` and its factories left out (an API wrapper needs the
service's own package); a module that does not import is listed as skipped, with why.
"""
import ast
import importlib
import os

from langchain_core.utils.function_calling import convert_to_openai_tool


def schema_names(by_name, name, seen=None):
    """Every name a schema class's annotations use, through the classes of the same file they name."""
    seen = seen if seen is not None else set()
    if name in seen or name not in by_name:
        return set()
    seen.add(name)
    names = set()
    for stmt in by_name[name].body:
        if isinstance(stmt, ast.AnnAssign):
            for node in ast.walk(stmt.annotation):
                if isinstance(node, ast.Name):
                    names.add(node.id)
                    names |= schema_names(by_name, node.id, seen)
    return names


def walk(base, package):
    """({file, source, tools}, skipped) for every file under `base`, the package importable as `package`."""
    out = []
    skipped = []
    for dirpath, _, names in sorted(os.walk(base)):
        for n in sorted(names):
            if not n.endswith('.py'):
                continue
            path = os.path.join(dirpath, n)
            rel = os.path.relpath(path, base)
            source = open(path).read()
            tree = ast.parse(source)
            classes = {c.name for c in tree.body if isinstance(c, ast.ClassDef)}
            by_name = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
            # Names the file imports from the package itself (or relatively): types defined in another file.
            imported = {
                alias.asname or alias.name
                for node in tree.body
                if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").startswith(package.split('.')[0]))
                for alias in node.names
            }
            wanted = []
            for c in tree.body:
                if not isinstance(c, ast.ClassDef):
                    continue
                for stmt in c.body:
                    target = stmt.target if isinstance(stmt, ast.AnnAssign) else (stmt.targets[0] if isinstance(stmt, ast.Assign) else None)
                    if isinstance(target, ast.Name) and target.id == 'args_schema' and isinstance(getattr(stmt, 'value', None), ast.Name) and stmt.value.id in classes:
                        elsewhere = sorted(schema_names(by_name, stmt.value.id) & imported)
                        if elsewhere:
                            skipped.append({"file": rel, "class": c.name, "why": f"its schema uses {', '.join(elsewhere)}, defined in another file"})
                        else:
                            wanted.append(c.name)
            if not wanted:
                continue
            mod = package + '.' + rel[:-3].replace('/', '.')
            try:
                module = importlib.import_module(mod)
            except Exception as error:
                skipped.append({"file": rel, "why": f"{type(error).__name__}: {error}"[:200]})
                continue
            tools = []
            for name in wanted:
                cls = getattr(module, name)
                try:
                    # Without running factories that need the service's own package (an API wrapper, a client).
                    factories = {key: None for key, field in cls.model_fields.items() if field.default_factory is not None}
                    tool = cls.model_construct(**factories)
                    tools.append({"class": name, **convert_to_openai_tool(tool)["function"]})
                except Exception as error:
                    skipped.append({"file": rel, "class": name, "why": f"{type(error).__name__}: {error}"[:200]})
            out.append({"file": rel, "source": source, "tools": tools})
    return out, skipped
