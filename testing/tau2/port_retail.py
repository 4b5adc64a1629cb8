"""Writes what the playground ships of τ²-bench's retail domain, from τ²'s own code and data.

    PYTHONPATH=testing/tau2/src:testing/tau2/shims python testing/tau2/port_retail.py public/examples/tau2-retail

- tools.json: the 16 tools as τ² offers them to the agent (its OpenAI schemas).
- db.json: the database the cases need: every product, and each user a task's expected actions
  reach (by id, by the order they name, or found by email or name and zip) with all their orders.
- cases.json: per task, the user's instructions, the expected actions, what the user must be told,
  and the end state as τ²'s evaluator computes it — the expected actions replayed by τ²'s own
  environment — written as changes to db.json (each user or order that differs, whole).
- policy.json: the agent's policy (the system prompt), as τ²'s policy.md has it.
"""

import json
import sys
from pathlib import Path

from tau2.domains.retail.environment import get_environment, get_tasks
from tau2.domains.retail.utils import RETAIL_POLICY_PATH


def dump(model):
    return model.model_dump(mode="json", exclude_none=True)


def touched_users(env, actions):
    """The users a task's expected actions reach, in the order they are met."""
    users = []
    db = env.tools.db
    for action in actions:
        found = None
        try:
            found = env.make_tool_call(action.name, requestor=action.requestor, **action.arguments)
        except Exception:  # noqa: BLE001 - a failing expected action still names its user
            pass
        candidates = [action.arguments.get("user_id")]
        order = db.orders.get(action.arguments.get("order_id", ""))
        if order is not None:
            candidates.append(order.user_id)
        if action.name.startswith("find_user_id") and isinstance(found, str):
            candidates.append(found)
        users += [user for user in candidates if user in db.users and user not in users]
    return users


def changes(before, after):
    """Each user or order that differs between two databases, whole, as it is after."""
    out = []
    for collection in ("users", "orders", "products"):
        was, now = getattr(before, collection), getattr(after, collection)
        for key in now:
            if key not in was or dump(was[key]) != dump(now[key]):
                out.append({"at": [collection, key], "to": dump(now[key])})
        for key in was:
            if key not in now:
                raise ValueError(f"{collection}/{key} was removed: not a change this port can say")
    return out


def main(out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    start = get_environment()
    tools = [tool.openai_schema["function"] for tool in start.get_tools()]
    cases, users = [], []
    for task in get_tasks(None):
        criteria = task.evaluation_criteria
        actions = criteria.actions or []
        gold = get_environment()
        users += [user for user in touched_users(gold, actions) if user not in users]
        scenario = task.user_scenario.instructions
        cases.append(
            {
                "id": task.id,
                "instructions": scenario.model_dump(mode="json", exclude_none=True) if hasattr(scenario, "model_dump") else scenario,
                "persona": task.user_scenario.persona,
                "actions": [{"name": action.name, "arguments": action.arguments} for action in actions],
                "told": criteria.communicate_info or [],
                "changes": changes(start.tools.db, gold.tools.db),
            }
        )
    db = start.tools.db
    orders = [order for user in users for order in db.users[user].orders]
    subset = {
        "products": {key: dump(value) for key, value in db.products.items()},
        "users": {key: dump(db.users[key]) for key in db.users if key in users},
        "orders": {key: dump(db.orders[key]) for key in db.orders if key in orders},
    }
    (out / "tools.json").write_text(json.dumps(tools, indent=1, ensure_ascii=False) + "\n")
    (out / "db.json").write_text(json.dumps(subset, ensure_ascii=False, separators=(",", ":")) + "\n")
    (out / "cases.json").write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n")
    (out / "policy.json").write_text(json.dumps({"policy": Path(RETAIL_POLICY_PATH).read_text()}, ensure_ascii=False) + "\n")
    print(f"{len(tools)} tools, {len(cases)} cases, {len(subset['users'])} users, {len(subset['orders'])} orders")


if __name__ == "__main__":
    main(sys.argv[1])
