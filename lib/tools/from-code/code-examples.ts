import type { CodeLanguage } from '../../shapes/tool-from-code';

/** What the `Code` box holds when a language is chosen: a small, real example of each. */
export const CODE_EXAMPLES: Record<CodeLanguage, string> = {
  typescript: `/**
 * Get the current weather for a city.
 * @param city - City name, e.g. "Lisbon".
 * @param unit - Temperature unit.
 */
export async function getWeather(city: string, unit: 'celsius' | 'fahrenheit' = 'celsius') {
  return { city, unit, temperature: 21 };
}
`,
  zod: `import { tool } from 'ai';
import { z } from 'zod';

export const getWeather = tool({
  description: 'Get the current weather for a city',
  inputSchema: z.object({
    city: z.string().describe('City name, e.g. "Lisbon"'),
    unit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
  }),
  execute: async ({ city, unit }) => ({ city, unit, temperature: 21 }),
});
`,
  python: `from typing import Literal

from langchain_core.tools import tool


@tool(parse_docstring=True)
def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict:
    """Get the current weather for a city.

    Args:
        city: City name, e.g. "Lisbon".
        unit: Temperature unit.
    """
    return {"city": city, "unit": unit, "temperature": 21}
`,
  pydantic: `from typing import Literal

from pydantic import BaseModel, Field


class GetWeather(BaseModel):
    """Get the current weather for a city."""

    city: str = Field(description='City name, e.g. "Lisbon"')
    unit: Literal["celsius", "fahrenheit"] = "celsius"
`,
};
