from datetime import date, datetime
from typing import Optional
from uuid import UUID

from langchain_core.tools import tool


@tool
def schedule(when: datetime, day: date, owner: UUID, until: Optional[datetime] = None) -> str:
    """Schedule a job."""
    return ""
