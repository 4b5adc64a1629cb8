import { asSchema, jsonSchema, tool, zodSchema } from 'ai';
import ts from 'typescript';
import { z } from 'zod';
import type { ToolsFromCode } from '@/lib/shapes/tool-from-code';
import type { OtherFiles } from '@/lib/tools/from-code/other-files';
import { prepareZodProgram, readZodProgramResult, ZOD_SANDBOX_GLOBAL } from '@/lib/tools/from-code/zod-program';

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => () => Promise<unknown>;
// The program the sandbox runs, given the real packages instead of the bundle (the same code, faster).
(globalThis as Record<string, unknown>).__zodForTests = { z, tool, asSchema, jsonSchema, zodSchema };
const BUNDLE = `var ${ZOD_SANDBOX_GLOBAL} = globalThis.__zodForTests;`;

/** A zod / AI SDK paste read as `Tool from code` reads it, run here with the real zod and ai instead of in the sandbox. */
export async function readZodPaste(code: string, otherFiles: OtherFiles = {}): Promise<ToolsFromCode> {
  const prepared = prepareZodProgram(ts, code, otherFiles);
  if (!prepared.ok) return { ok: false, problem: prepared.problem };
  const result = readZodProgramResult(await new AsyncFunction(prepared.build(BUNDLE))());
  if (!result) throw new Error('the program gave no result');
  return { ok: true, ...result };
}
