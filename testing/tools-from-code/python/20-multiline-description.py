from langchain_core.tools import tool


@tool
def summarize(text: str, max_words: int = 100) -> str:
    """Summarize a text.

    Keeps names and numbers. Never adds facts that are
    not in the text.
    """
    return ""
