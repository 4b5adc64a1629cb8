from typing import Union

from langchain_core.tools import tool


@tool
def lookup(key: Union[str, int], value: int | float | None = None) -> str:
    """Look a key up."""
    return ""
