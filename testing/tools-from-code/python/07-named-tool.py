from langchain_core.tools import tool


@tool("search_docs")
def search(query: str, limit: int = 10) -> list[str]:
    """Search the documentation."""
    return []
