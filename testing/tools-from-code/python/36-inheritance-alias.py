from typing import Optional

from pydantic import BaseModel, Field


class Base(BaseModel):
    request_id: str = Field(alias="requestId", description="Correlation id")


class Refund(Base):
    """Refund a payment."""

    amount_cents: int = Field(gt=0)
    reason: Optional[str] = None
