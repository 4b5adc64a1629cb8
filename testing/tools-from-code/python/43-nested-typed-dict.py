from typing import List, Optional

from langchain_core.tools import tool
from typing_extensions import NotRequired, TypedDict


class Point(TypedDict):
    """A point on the map."""

    lat: float
    lon: float


class Stop(TypedDict):
    at: Point
    label: NotRequired[str]


class Leg(Stop, total=False):
    """A stop with how to get there."""

    mode: str


@tool
def plan_route(stops: List[Stop], legs: Optional[List[Leg]] = None) -> str:
    """Plan a route through the stops.

    Args:
        stops: Where to stop, in order.
        legs: How to travel between them.
    """
    return ""
