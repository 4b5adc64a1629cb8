from typing import List, Optional

from pydantic import BaseModel, Field


class LineItem(BaseModel):
    """One line of an order."""

    sku: str
    quantity: int = Field(ge=1)


class Customer(BaseModel):
    email: str = Field(description="Where receipts go")
    name: Optional[str] = None


class PlaceOrder(BaseModel):
    """Place an order for a customer."""

    customer: Customer = Field(description="Who orders")
    items: List[LineItem]
    note: Optional[str] = Field(default=None, description="Delivery note")
