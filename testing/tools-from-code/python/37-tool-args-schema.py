from langchain_core.tools import tool
from pydantic import BaseModel, Field


class WeatherInput(BaseModel):
    city: str = Field(description="City name")
    days: int = Field(default=1, ge=1, le=7)


@tool("weather", args_schema=WeatherInput)
def weather(city: str, days: int = 1) -> str:
    """Forecast for a city."""
    return ""
