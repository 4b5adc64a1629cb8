from enum import Enum

from pydantic import BaseModel, Field


class Color(str, Enum):
    RED = "red"
    GREEN = "green"


class Paint(BaseModel):
    """Paint the wall."""

    color: Color
    coats: int = Field(default=2, description="How many coats")
    finish: Color = Color.RED
