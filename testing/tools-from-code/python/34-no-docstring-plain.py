def noop(flag: bool) -> None:
    pass
