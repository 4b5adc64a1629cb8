from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class SearchInput(BaseModel):
    query: str = Field(description="What to look for. " + "Plain words work best.")
    limit: int = Field(
        10,
        description=f"How many results {{at most}}."  # an f-string without fields
        + (" Between 1 and 50.")
        + r" Raw: \d",
    )


class SearchTool(BaseTool):
    name: str = "search" + "_docs"
    description: str = f"Search the documentation." + """
Multi-line, \
with a continued line."""
    args_schema: type[BaseModel] = SearchInput

    def _run(self, query: str, limit: int = 10) -> str:
        return query
