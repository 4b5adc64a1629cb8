from typing import Tuple

from langchain_core.tools import tool


@tool
def move(point: Tuple[int, int], path: tuple[float, ...]) -> str:
    """Move to a point along a path."""
    return ""
