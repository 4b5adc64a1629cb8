# Search-and-fetch tools as integration packages write them: a class per tool, its schema apart,
# defaults and limits in Field, a Literal for the kind of search.
from typing import Literal, Optional

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class DriveSearchSchema(BaseModel):
    query: str = Field(..., description="The text to search the files for.")
    mime_type: Optional[str] = Field(default=None, description="Only files of this MIME type.")
    max_results: int = Field(default=10, ge=1, le=100, description="How many files to return.")
    order: Literal["modifiedTime", "name", "relevance"] = Field(default="relevance")


class DriveSearch(BaseTool):
    name: str = "drive_search"
    description: str = "Search the files of a drive by name and content."
    args_schema: type[BaseModel] = DriveSearchSchema

    def _run(self, query: str, mime_type=None, max_results: int = 10, order: str = "relevance") -> str:
        return ""


class PlaceDetailsSchema(BaseModel):
    """Details of a place."""

    place_id: str = Field(..., min_length=1, description="The place's identifier.")
    language: Optional[str] = Field(None, max_length=10)


class PlaceDetails(BaseTool):
    name: str = "place_details"
    description: str = "Look up the details of a place by its identifier."
    args_schema: type[BaseModel] = PlaceDetailsSchema

    def _run(self, place_id: str, language=None) -> str:
        return ""
