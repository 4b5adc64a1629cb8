"""What the stand-ins share: a keyword check as strict as the real SDK's signature, then one POST.

The official Python SDKs cannot be installed on this machine (PyPI is out of reach), so Get
code's Python snippets are run against these stand-ins. Each one accepts exactly the keyword
arguments of the real method (the lists are read off the SDK's own source, see each package),
raises the TypeError Python raises for any other, and sends what the real client sends: the
keywords as the JSON body, merged with `extra_body`, to the same path under the base URL the
real client reads from the environment.
"""

import json
import urllib.request

TRANSPORT = {"extra_headers", "extra_query", "extra_body", "timeout"}


def send(method, allowed, required, base_url, path, headers, kwargs):
    for name in kwargs:
        if name not in allowed:
            raise TypeError(f"{method}() got an unexpected keyword argument '{name}'")
    missing = [name for name in required if name not in kwargs]
    if missing:
        raise TypeError(f"{method}() missing required keyword-only argument: '{missing[0]}'")
    body = {name: value for name, value in kwargs.items() if name not in TRANSPORT}
    body.update(kwargs.get("extra_body") or {})
    request = urllib.request.Request(
        base_url.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **headers},
    )
    with urllib.request.urlopen(request) as response:
        return [line.decode().rstrip() for line in response if line.strip()]
