from langchain_core.tools import tool


@tool
def list_files(path: str = ".", recursive: bool = False, include_hidden: bool = True, depth: int = -1, pattern: str | None = "*.py") -> list[str]:
    """List files in a directory."""
    return []
