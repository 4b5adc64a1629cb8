def area(width: float, height: float) -> float:
    """Compute the area of a rectangle.

    Parameters
    ----------
    width : float
        The width.
    height : float
        The height.
    """
    return width * height
