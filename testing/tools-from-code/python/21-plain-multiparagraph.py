def convert_currency(amount: float, source: str, target: str = "EUR") -> float:
    """Convert an amount between currencies.

    Uses the day's reference rates.

    Args:
        amount (float): How much to convert.
        source (str): ISO 4217 code of the amount's currency.
        target: ISO 4217 code to convert to.

    Returns:
        The converted amount.
    """
    return 0.0
