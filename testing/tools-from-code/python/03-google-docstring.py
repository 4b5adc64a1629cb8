from typing import Literal, Optional

from langchain_core.tools import tool


@tool
def get_weather(city: str, unit: Literal["c", "f"] = "c", days: Optional[int] = None) -> str:
    """Get the weather for a city.

    Args:
        city: The city name.
        unit: Temperature unit.
    """
    return ""
