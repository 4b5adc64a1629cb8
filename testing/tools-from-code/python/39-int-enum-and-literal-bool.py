from enum import IntEnum
from typing import Literal

from langchain_core.tools import tool


class Priority(IntEnum):
    LOW = 1
    HIGH = 2


@tool
def triage(priority: Priority, confirm: Literal[True], note: str = "") -> str:
    """Triage an incident."""
    return ""
