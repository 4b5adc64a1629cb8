import type { CodeLanguage, ToolsFromCode } from '@/lib/shapes/tool-from-code';
import { findDeepNesting } from '@/lib/tools/from-code/find-deep-nesting';
import { readPythonTools } from '@/lib/tools/from-code/python-tools';
import { readTypeScriptTools } from '@/lib/tools/from-code/typescript-tools';
import { prepareZodProgram, readZodProgramResult } from '@/lib/tools/from-code/zod-program';
import type { OtherFiles } from '@/lib/tools/from-code/other-files';
import { loadPython, loadTypeScript, loadZodBundle } from '../runtime/code-reader-libraries';
import { runJavaScriptInSandbox } from '../runtime/run-javascript-in-sandbox';

/** How long a zod paste may run in the sandbox (loading zod there takes a moment on a slow machine). */
const ZOD_TIMEOUT_MS = 10_000;

/** Starts loading the Python reader (the dialog's first language): tree-sitter and its grammar. */
export function warmPythonReader(): void {
  loadPython().catch(() => undefined);
}

/**
 * Loads every language's reader ahead of its first use (the dialog calls it once its first
 * preview is drawn and the page is idle), so switching language previews without waiting for
 * the TypeScript compiler, tree-sitter or zod to download. A failed load is tried again on use.
 */
export function warmReadersFromCode(): void {
  loadTypeScript().catch(() => undefined);
  loadPython().catch(() => undefined);
  loadZodBundle().catch(() => undefined);
}

/**
 * Reads a paste in the chosen language into tools. TypeScript and Python are parsed here (the
 * compiler's parser, tree-sitter); a zod paste is code, so it runs only in the handler sandbox —
 * with what its tools' definitions use from the other files it imports (an MCP server's).
 */
export async function readToolsFromCode(
  language: CodeLanguage,
  code: string,
  signal?: AbortSignal,
  otherFiles: OtherFiles = {},
): Promise<ToolsFromCode> {
  switch (language) {
    case 'typescript':
      return readTypeScriptTools(await loadTypeScript(), code);
    case 'python':
    case 'pydantic': {
      // tree-sitter parses without recursion, but the readers walk its tree: measure first.
      const problem = findDeepNesting(code, language);
      if (problem) return { ok: false, problem };
      return readPythonTools((await loadPython())(code));
    }
    case 'zod': {
      const prepared = prepareZodProgram(await loadTypeScript(), code, otherFiles);
      if (!prepared.ok) return prepared;
      const bundle = await loadZodBundle();
      const result = await runJavaScriptInSandbox({
        code: prepared.build(bundle),
        args: {},
        context: null,
        timeoutMs: ZOD_TIMEOUT_MS,
        signal,
      });
      if (result.kind === 'timed-out')
        return {
          ok: false,
          problem: {
            message: `The code ran longer than ${ZOD_TIMEOUT_MS / 1000} s in the sandbox.`,
            line: 1,
            column: 1,
          },
        };
      if (result.kind === 'threw')
        return {
          ok: false,
          problem: { message: `The code threw in the sandbox: ${result.message}`, line: 1, column: 1 },
        };
      const read = result.kind === 'returned' ? readZodProgramResult(result.value) : undefined;
      if (!read)
        return {
          ok: false,
          problem: { message: 'The sandbox answered something that is not a tool list.', line: 1, column: 1 },
        };
      return { ok: true, ...read };
    }
  }
}
