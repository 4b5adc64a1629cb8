from typing import Any

from langchain_core.tools import tool


@tool
def store(key: str, value: Any, meta: dict = {}, extra: list = []) -> str:
    """Store a value."""
    return ""
