from typing import List, Optional

from pydantic import BaseModel, Field


class Address(BaseModel):
    street: str = Field(description="Street")
    zip: Optional[str] = None


class Person(BaseModel):
    """A person."""

    name: str = Field(description="Name", min_length=1)
    age: int = Field(ge=0, le=150)
    address: Address
    tags: List[str] = []
