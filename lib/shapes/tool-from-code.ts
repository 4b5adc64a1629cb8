import type { ToolDefinition } from './tool-formats';

/** The languages `Tool from code` reads, with the names its `Language` box shows. */
export const CODE_LANGUAGES = {
  typescript: 'TypeScript function',
  zod: 'zod / AI SDK tool()',
  python: 'Python function',
  pydantic: 'Pydantic model',
} as const satisfies Record<string, string>;

export type CodeLanguage = keyof typeof CODE_LANGUAGES;

/** One tool a paste defines: its definition and what the code said that JSON Schema cannot (never dropped silently). */
export type ToolFromCode = { definition: ToolDefinition; notes: string[] };

/** Where the code does not parse: the parser's message at a 1-based line and column. */
export type CodeProblem = { message: string; line: number; column: number };

/** What a paste came to: its tools (none is not an error; the notes say why), or the first problem in the code. */
export type ToolsFromCode = { ok: true; tools: ToolFromCode[]; notes: string[] } | { ok: false; problem: CodeProblem };

/** A tool written as code (`Tool code`): the code, and what the language cannot say exactly (shown beside it, and said in it). */
export type WrittenTool = { code: string; notes: string[] };
