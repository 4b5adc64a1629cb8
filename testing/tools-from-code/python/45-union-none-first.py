# Optional written with None first, and unions of several kinds: the order of anyOf is the order written.
from typing import List, Optional, Union

from langchain_core.tools import tool


@tool
def create_event(
    summary: str,
    start: str,
    location: Union[None, str] = None,
    attendees: Optional[List[str]] = None,
    reminder_minutes: Union[None, int, str] = None,
) -> str:
    """Create a calendar event.

    Args:
        summary: The event's title.
        start: When it starts, as an ISO 8601 date-time.
        location: Where it takes place.
        attendees: Email addresses to invite.
        reminder_minutes: Minutes before the start to remind, or a phrase such as "1 hour".
    """
    return ""
