from typing import Optional

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field


class _InfoSQLDatabaseToolInput(BaseModel):
    table_names: str = Field(
        ...,
        description=(
            "A comma-separated list of the table names for which to return the schema. "
            "Example input: 'table1, table2, table3'"
        ),
    )
    sample_rows: Optional[int] = Field(
        default=3,
        description=(
            "How many rows to show "  # black keeps a comment here
            'per table, with "quotes" and a tab:\t'
        ),
    )


class InfoSQLDatabaseTool(BaseTool):
    name: str = "sql_db_schema"
    description: str = (
        "Get the schema and sample rows for the specified SQL tables."
        " Be sure that the tables actually exist."
    )
    args_schema: type[BaseModel] = _InfoSQLDatabaseToolInput

    def _run(self, table_names: str, sample_rows: Optional[int] = 3) -> str:
        return ""
