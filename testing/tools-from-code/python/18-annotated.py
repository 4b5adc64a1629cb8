from typing import Annotated

from langchain_core.tools import tool
from pydantic import Field


@tool
def book_room(room: Annotated[str, "The room's id"], hours: Annotated[int, Field(description="Hours to book", ge=1, le=8)] = 1) -> str:
    """Book a meeting room."""
    return ""
