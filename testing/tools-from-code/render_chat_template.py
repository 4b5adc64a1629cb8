"""Renders a chat template with Python's jinja2 the way Hugging Face Transformers does.

Reads JSON `{"template": ..., "context": {...}}` on stdin, prints the rendered text. The
environment is Transformers' (`apply_chat_template`): a sandboxed jinja2 with trim_blocks,
lstrip_blocks and loop controls, and its `tojson` (json.dumps, keys in order, no escaping).
"""

import json
import sys

from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment


def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def raise_exception(message):
    raise ValueError(message)


request = json.load(sys.stdin)
environment = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
environment.filters["tojson"] = tojson
environment.globals["raise_exception"] = raise_exception
sys.stdout.write(environment.from_string(request["template"]).render(**request["context"]))
