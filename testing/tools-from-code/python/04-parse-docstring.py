from typing import Literal, Optional

from langchain_core.tools import tool


@tool(parse_docstring=True)
def get_weather(city: str, unit: Literal["c", "f"] = "c", days: Optional[int] = None, tags: list[str] = []) -> str:
    """Get the weather for a city.

    Looks the city up first.

    Args:
        city: The city name.
        unit: Temperature unit.
        days: How many days
            of forecast to return.
        tags: Tags.

    Returns:
        The forecast.
    """
    return ""
