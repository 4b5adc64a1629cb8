from enum import Enum
from typing import List, Optional, Union

from pydantic import BaseModel


class Size(str, Enum):
    SMALL = "s"
    LARGE = "l"


class Circle(BaseModel):
    radius: float


class Square(BaseModel):
    side_length: float


class Draw(BaseModel):
    """Draw shapes."""

    shapes: List[Union[Circle, Square]]
    size: Optional[Size] = None
