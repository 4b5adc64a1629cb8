from typing import Dict, List

from langchain_core.tools import tool


@tool
async def data_fetch_tool(item_ids: List[str], date: str) -> List[Dict]:
    """Tool description for LLM understanding"""
    # Tool implementation
    pass
