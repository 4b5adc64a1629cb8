from langchain_core.tools import tool
from pydantic import Field


@tool
def resize(width: int = Field(description="Pixels wide", gt=0), height: int = Field(default=100, description="Pixels high")) -> str:
    """Resize the image."""
    return ""
