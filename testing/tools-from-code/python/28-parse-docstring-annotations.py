from typing import List

from langchain_core.tools import tool


@tool(parse_docstring=True)
def send_email(to: List[str], subject: str, body: str, cc: List[str] = []) -> str:
    """Send an email.

    Args:
        to (List[str]): Recipients.
        subject (str): Subject line.
        body: Plain-text body.
        cc: Copies.
    """
    return ""
