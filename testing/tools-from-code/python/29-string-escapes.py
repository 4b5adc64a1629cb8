from langchain_core.tools import tool


@tool
def quote(text: str, sep: str = "\t", end: str = 'line\n') -> str:
    """Quote "text" with a 'separator'."""
    return ""
