from typing import Optional

from pydantic import BaseModel, Field


class Range(BaseModel):
    start: int
    end: int


class QueryLogs(BaseModel):
    """Query the logs."""

    service: str
    range: Optional[Range] = Field(default=None, description="Line range")
