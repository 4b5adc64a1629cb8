"""τ²-bench's own verdicts on trajectories of its retail tasks.

    PYTHONPATH=testing/tau2/src:testing/tau2/shims python testing/tau2/tau2_verdicts.py < request.json

The request: {"db": <path of the database to start from>, "trajectories": [{"id", "task", "calls":
[{"name", "arguments"}]}]}. Each trajectory is recorded by τ²'s environment (an assistant message
per call, the tool message its environment answers) and graded by τ²'s EnvironmentEvaluator, as a
τ² run is. The answer, one per trajectory: {"id", "db_match", "reward", "results": [{"content",
"error"}]} — the tool messages' contents, for the port's results to be compared with.
"""

import json
import sys

from tau2.data_model.message import AssistantMessage, ToolCall
from tau2.domains.retail.data_model import RetailDB
from tau2.domains.retail.environment import get_environment, get_tasks
from tau2.evaluator.evaluator_env import EnvironmentEvaluator


def main():
    request = json.load(sys.stdin)
    with open(request["db"]) as file:
        db_text = file.read()
    tasks = {task.id: task for task in get_tasks(None)}

    # A fresh database for each environment, read as RetailDB.load reads its file.
    def environment(**kwargs):
        return get_environment(db=RetailDB.model_validate_json(db_text), **kwargs)

    answers = []
    for trajectory in request["trajectories"]:
        env = environment()
        messages, results = [], []
        for index, call in enumerate(trajectory["calls"]):
            tool_call = ToolCall(id=f"call_{index}", name=call["name"], arguments=call["arguments"], requestor="assistant")
            messages.append(AssistantMessage(role="assistant", content=None, tool_calls=[tool_call]))
            answer = env.get_response(tool_call)
            messages.append(answer)
            results.append({"content": answer.content, "error": answer.error})
        reward = EnvironmentEvaluator.calculate_reward(
            environment_constructor=environment, task=tasks[trajectory["task"]], full_trajectory=messages
        )
        answers.append(
            {"id": trajectory["id"], "db_match": reward.db_check.db_match, "reward": reward.reward, "results": results}
        )
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
