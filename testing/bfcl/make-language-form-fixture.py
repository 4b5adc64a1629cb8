"""Makes lib/tools/formats/fixtures/bfcl-language-form.json: the function docs of the agreement
fixture's Java, JavaScript and some Python questions, as BFCL sends them to a model
(`_func_doc_language_specific_pre_processing`, run from the checkout).

  python3 testing/bfcl/make-language-form-fixture.py <path to gorilla>/berkeley-function-call-leaderboard
"""

import copy
import json
import sys
from pathlib import Path

import types

sys.path.insert(0, sys.argv[1])
# utils.py imports these for other work; the function used here needs none of them.
for missing in ("filelock", "dotenv", "tqdm"):
    try:
        __import__(missing)
    except ImportError:
        stub = types.ModuleType(missing)
        stub.FileLock = stub.load_dotenv = stub.tqdm = lambda *args, **kwargs: None
        sys.modules[missing] = stub
from bfcl_eval.utils import _func_doc_language_specific_pre_processing  # noqa: E402

root = Path(__file__).resolve().parents[2]
agreement = json.loads((root / "lib" / "evals" / "bfcl" / "fixtures" / "bfcl-agreement.json").read_text())
picked = [case for case in agreement["cases"] if case["category"] in ("simple_java", "simple_javascript")]
picked += [case for case in agreement["cases"] if case["category"] in ("simple_python", "live_relevance")][::8]
rows = []
for case in picked:
    line = {key: case[key] for key in ("id", "question", "function")}
    sent = _func_doc_language_specific_pre_processing(copy.deepcopy(case["function"]), case["category"])
    rows.append({"line": line, "sent": sent})
out = root / "lib" / "tools" / "formats" / "fixtures" / "bfcl-language-form.json"
out.parent.mkdir(parents=True, exist_ok=True)
out.write_text(json.dumps(rows, ensure_ascii=False) + "\n")
print(f"{len(rows)} question lines")
