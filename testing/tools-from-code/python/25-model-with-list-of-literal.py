from typing import List, Literal, Optional

from pydantic import BaseModel, Field


class FilterRecords(BaseModel):
    """Filter records by status and tags."""

    statuses: List[Literal["open", "closed", "pending"]] = Field(description="Statuses to keep")
    tags: Optional[List[str]] = None
    limit: int = Field(default=50, le=500)
