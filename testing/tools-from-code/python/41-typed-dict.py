from typing import List, Optional

from langchain_core.tools import tool
from typing_extensions import NotRequired, Required, TypedDict


class Address(TypedDict):
    """A postal address."""

    street: str
    city: str
    zip_code: NotRequired[str]


class Options(TypedDict, total=False):
    verbose: bool
    retries: Required[int]
    tags: List[str]


@tool
def ship(to: Address, options: Options, note: Optional[str] = None) -> str:
    """Ship a parcel.

    Args:
        to: Where it goes.
        options: How to send it.
        note: A note for the courier.
    """
    return ""
