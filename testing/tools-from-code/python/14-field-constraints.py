from pydantic import BaseModel, Field


class Search(BaseModel):
    """Search the catalogue."""

    query: str = Field(..., description="Words to find", min_length=2, max_length=200)
    page: int = Field(1, ge=1, description="Page number")
    per_page: int = Field(default=20, gt=0, lt=101)
    score: float = Field(default=0.5, ge=0.0, le=1.0)
    sku: str = Field(default="", pattern=r"^[A-Z]{3}-\d+$")
    ids: list[int] = Field(default_factory=list, max_length=50, description="Ids")
