async def fetch_page(url: str, timeout_s: float = 30.0, follow_redirects: bool = False) -> str:
    """Fetch a web page and return its text.

    Args:
        url: Absolute URL to fetch.
        timeout_s: Seconds before giving up.
        follow_redirects: Whether to follow 3xx answers.
    """
    return ""
