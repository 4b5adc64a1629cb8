from typing import Optional

from langchain_core.callbacks import CallbackManagerForToolRun
from langchain_core.tools import tool


@tool
def ping(host: str, count: int = 4, run_manager: Optional[CallbackManagerForToolRun] = None) -> str:
    """Ping a host."""
    return ""
