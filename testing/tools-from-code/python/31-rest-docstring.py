from langchain_core.tools import tool


@tool
def greet(name: str, formal: bool = False) -> str:
    """Greet someone.

    :param name: Who to greet.
    :param formal: Whether to be formal.
    """
    return ""
