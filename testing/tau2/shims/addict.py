"""The part of addict (MIT, github.com/mewwts/addict) tau2 uses: Dict whose update merges nested dicts."""


class Dict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__()
        for key, value in dict(*args, **kwargs).items():
            self[key] = Dict(value) if isinstance(value, dict) and not isinstance(value, Dict) else value

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            if isinstance(self.get(key), dict) and isinstance(value, dict):
                self[key].update(value)
            else:
                self[key] = Dict(value) if isinstance(value, dict) and not isinstance(value, Dict) else value

    def to_dict(self):
        return {key: value.to_dict() if isinstance(value, Dict) else value for key, value in self.items()}
