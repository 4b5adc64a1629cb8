from typing import List, Type

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class Params(BaseModel):
    url: str = Field(description="Page to fetch")
    max_chars: int = Field(default=4000, ge=100, le=20000)


class InputModel(BaseModel):
    params: List[Params]


class WebContentTool(BaseTool):
    name: str = "content_fetch"
    description: str = "Tool description"
    args_schema: Type[InputModel] = InputModel

    async def _arun(self, params: List[Params]) -> str:
        # Tool implementation
        pass

    def _run(self, params: List[Params]) -> str:
        pass
