from pydantic import BaseModel


class CreateTicket(BaseModel):
    title: str
    priority: int = 3
    labels: list[str] = []
