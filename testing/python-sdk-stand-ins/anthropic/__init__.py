"""A stand-in for `anthropic` 1.x: `Anthropic().messages.create` with the SDK's keyword arguments.

The list is `Messages.create`'s keyword-only arguments in anthropic-sdk-python 0.121.0
(src/anthropic/resources/messages/messages.py) less `temperature`, `top_p` and `top_k`, which
1.0.0 removed (its MIGRATION.md: "Removed deprecated request parameters"; they go in extra_body).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _stand_in import TRANSPORT, send  # noqa: E402

CREATE = {
    "cache_control", "container", "inference_geo", "max_tokens", "messages", "metadata", "model",
    "output_config", "service_tier", "stop_sequences", "stream", "system", "thinking",
    "tool_choice", "tools", "user_profile_id",
} | TRANSPORT


class _Messages:
    def __init__(self, client):
        self._client = client

    def create(self, **kwargs):
        return send(
            "Messages.create",
            CREATE,
            ["max_tokens", "messages", "model"],
            self._client.base_url,
            "/v1/messages",
            {"x-api-key": self._client.api_key, "anthropic-version": "2023-06-01"},
            kwargs,
        )


class Anthropic:
    def __init__(self, api_key=None, base_url=None):
        self.api_key = api_key or os.environ["ANTHROPIC_API_KEY"]
        self.base_url = base_url or os.environ.get("ANTHROPIC_BASE_URL", "https://api.anthropic.com")
        self.messages = _Messages(self)
