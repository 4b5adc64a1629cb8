from typing import Any, Dict, List, Optional

from langchain_core.tools import tool


@tool
def update_record(record_id: int, fields: Dict[str, Any], history: Optional[List[Dict[str, str]]] = None) -> bool:
    """Update a record's fields."""
    return True
