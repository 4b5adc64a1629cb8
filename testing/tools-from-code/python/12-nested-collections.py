from typing import Dict, List, Optional

from langchain_core.tools import tool


@tool
def tag_items(items: List[Dict[str, List[int]]], weights: Optional[Dict[str, float]] = None, flags: set[str] = set()) -> str:
    """Tag items with weights."""
    return ""
