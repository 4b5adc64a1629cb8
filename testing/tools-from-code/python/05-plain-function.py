from typing import Dict


def add(a: int, b: float | None = None, m: Dict[str, int] = {}) -> int:
    """Add numbers.

    Args:
        a: first
        b: second
    """
    return 0
