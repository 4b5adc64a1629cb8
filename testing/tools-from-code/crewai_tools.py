"""Every BaseTool of crewAI-tools 0.76.0 (the files kept in testing/corpora/crewai-tools) whose
`args_schema` class is in the same file, with what LangChain's `convert_to_openai_tool` sends for
it: the corpus the Python reader is compared with (lib/tools/from-code/langchain-community-corpus.test.ts).

crewAI and the services' packages are not installed here: an import finder answers each of them
with an empty module whose every name is a stand-in class (`crewai.tools.BaseTool` is LangChain's
BaseTool, with crewAI's extra fields allowed). Only the schema classes — plain pydantic — decide
what is compared; a schema that needs a stood-in type fails in pydantic and is listed as skipped.

Prints one JSON object: {"version", "files": [{file, source, tools: [{class, name, description,
parameters}]}], "skipped": [{file, class?, why}]}.
"""
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types
import warnings

warnings.filterwarnings("ignore")
from langchain_core.tools import BaseTool as LangChainBaseTool
from pydantic import BaseModel, ConfigDict

CORPUS = os.path.join(os.path.dirname(__file__), '..', 'corpora', 'crewai-tools')
VERSION = '0.76.0'


class CrewBaseTool(LangChainBaseTool):
    """crewAI's BaseTool as far as a schema goes: a LangChain BaseTool that takes crewAI's own fields."""

    model_config = ConfigDict(arbitrary_types_allowed=True, extra='allow')


class EnvVar(BaseModel):
    name: str
    description: str = ''
    required: bool = True
    default: str | None = None


def stand_in(name):
    """A class (or callable, or decorator) for any name a stood-in module is asked for."""
    return type(name, (), {'__init__': lambda self, *a, **k: None, '__call__': lambda self, *a, **k: self})


class StandInModule(types.ModuleType):
    __path__ = []

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        value = {'BaseTool': CrewBaseTool, 'EnvVar': EnvVar}.get(name) or stand_in(name)
        setattr(self, name, value)
        return value


class StandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers crewAI, crewAI-tools' modules not kept here, and every package not installed here."""

    def find_spec(self, fullname, path, target=None):
        if fullname.split('.')[0] == 'crewai_tools':
            # A kept file (or folder) is itself; the package's other modules (its RAG internals) are stood in for.
            relative = os.path.join(CORPUS, *fullname.split('.'))
            if os.path.isdir(relative) or os.path.exists(relative + '.py'):
                return None
        elif fullname.split('.')[0] != 'crewai':
            sys.meta_path.remove(self)
            try:
                if importlib.util.find_spec(fullname.split('.')[0]) is not None:
                    return None
            finally:
                sys.meta_path.insert(0, self)
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return StandInModule(spec.name)

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, StandIns())
sys.path.insert(0, CORPUS)

from basetool_corpus import walk

out, skipped = walk(os.path.join(CORPUS, 'crewai_tools', 'tools'), 'crewai_tools.tools')
print(json.dumps({"version": VERSION, "files": out, "skipped": skipped}))
