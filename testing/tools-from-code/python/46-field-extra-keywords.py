# Field keywords pydantic does not know become part of the property's schema (json_schema_extra).
from typing import List, Optional

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class SendMessageSchema(BaseModel):
    """Input for sending an email."""

    message: str = Field(..., description="The message to send.")
    to: List[str] = Field(..., description="The list of recipients.")
    subject: str = Field(..., description="The subject of the message.")
    cc: Optional[List[str]] = Field(None, description="The list of CC recipients.", optional=True)
    bcc: Optional[List[str]] = Field(None, description="The list of BCC recipients.", optional=True)


class SendMessage(BaseTool):
    name: str = "send_gmail_message"
    description: str = "Use this tool to send email messages. The input is the message, recipients"
    args_schema: type[BaseModel] = SendMessageSchema

    def _run(self, message: str, to: List[str], subject: str, cc=None, bcc=None) -> str:
        return ""
