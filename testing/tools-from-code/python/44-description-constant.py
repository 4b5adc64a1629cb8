# The description given to @tool as a module constant (as research agents write their search tools):
# LangChain sends that text, not the docstring.
from typing import Annotated, List, Literal

from langchain_core.tools import InjectedToolArg, tool

WEB_SEARCH_DESCRIPTION = (
    "A search engine tuned for thorough, sourced answers. "
    "Useful when you need current facts about a topic."
)


@tool(description=WEB_SEARCH_DESCRIPTION)
async def web_search(
    queries: List[str],
    max_results: Annotated[int, InjectedToolArg] = 5,
    topic: Annotated[Literal["general", "news", "finance"], InjectedToolArg] = "general",
) -> str:
    """Fetch results for several queries at once (this docstring is not what the model reads)."""
    return ""


@tool(description="Pause to reflect on what was found and what is still missing.")
def reflect(reflection: str) -> str:
    """Record a reflection."""
    return reflection
