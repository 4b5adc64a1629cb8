"""A stand-in for `openai`: `OpenAI().chat.completions.create` and `.responses.create`.

The lists are the keyword-only arguments of `Completions.create` and `Responses.create` in
openai-python 3.3.1 (src/openai/resources/chat/completions/completions.py and
src/openai/resources/responses/responses.py), every overload together.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _stand_in import TRANSPORT, send  # noqa: E402

CHAT = {
    "audio", "frequency_penalty", "function_call", "functions", "logit_bias", "logprobs",
    "max_completion_tokens", "max_tokens", "messages", "metadata", "modalities", "model",
    "moderation", "n", "parallel_tool_calls", "prediction", "presence_penalty", "prompt_cache_key",
    "prompt_cache_options", "prompt_cache_retention", "reasoning_effort", "response_format",
    "safety_identifier", "seed", "service_tier", "stop", "store", "stream", "stream_options",
    "temperature", "tool_choice", "tools", "top_logprobs", "top_p", "user", "verbosity",
    "web_search_options",
} | TRANSPORT

RESPONSES = {
    "background", "context_management", "conversation", "include", "input", "instructions",
    "max_output_tokens", "max_tool_calls", "metadata", "model", "moderation", "parallel_tool_calls",
    "previous_response_id", "prompt", "prompt_cache_key", "prompt_cache_options",
    "prompt_cache_retention", "reasoning", "safety_identifier", "service_tier", "store", "stream",
    "stream_options", "temperature", "text", "tool_choice", "tools", "top_logprobs", "top_p",
    "truncation", "user",
} | TRANSPORT


class _Endpoint:
    def __init__(self, client, method, allowed, required, path):
        self._client, self._method, self._allowed, self._required, self._path = (
            client, method, allowed, required, path,
        )

    def create(self, **kwargs):
        return send(
            self._method,
            self._allowed,
            self._required,
            self._client.base_url,
            self._path,
            {"authorization": f"Bearer {self._client.api_key}"},
            kwargs,
        )


class _Chat:
    def __init__(self, client):
        self.completions = _Endpoint(client, "Completions.create", CHAT, ["messages", "model"], "/chat/completions")


class OpenAI:
    def __init__(self, api_key=None, base_url=None):
        self.api_key = api_key or os.environ["OPENAI_API_KEY"]
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
        self.chat = _Chat(self)
        self.responses = _Endpoint(self, "Responses.create", RESPONSES, ["model"], "/responses")
