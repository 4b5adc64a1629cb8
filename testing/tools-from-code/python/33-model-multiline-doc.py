from pydantic import BaseModel, Field


class Translate(BaseModel):
    """Translate a text.

    Detects the source language when it is not given.
    """

    text: str = Field(description="What to translate")
    target_lang: str = Field(description="BCP 47 code", examples=["de", "fr"])
    source_lang: str | None = None
