from typing import Literal

from langchain_core.tools import tool


@tool
def set_mode(mode: Literal["fast", "slow"], level: Literal[1, 2, 3], single: Literal["only"], mixed: Literal["a", 1] = "a") -> str:
    """Set the mode."""
    return mode
