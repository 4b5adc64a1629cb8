"""Every BaseTool of the installed langchain-community whose `args_schema` class is in the same
file (and uses no type the file imports from another file of the package), with what LangChain's `convert_to_openai_tool` sends for it: the corpus the Python reader is
compared with (lib/tools/from-code/langchain-community-corpus.test.ts). Nothing is picked by hand:
the files are walked and their classes found with Python's own `ast`. A tool is made with
`model_construct` and its factories left out (an API wrapper needs the service's own package);
a module that does not import is listed as skipped, with why.

Prints one JSON object: {"version", "files": [{file, source, tools: [{class, name, description,
parameters}]}], "skipped": [{file, class?, why}]}.
"""
import json
import warnings

warnings.filterwarnings("ignore")
import langchain_community
import langchain_community.tools as root

from basetool_corpus import walk

out, skipped = walk(root.__path__[0], 'langchain_community.tools')
print(json.dumps({"version": langchain_community.__version__, "files": out, "skipped": skipped}))
