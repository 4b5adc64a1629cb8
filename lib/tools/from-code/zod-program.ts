import type TypeScript from 'typescript';
import type { CodeProblem, ToolFromCode } from '../../shapes/tool-from-code';
import { findDeepNesting } from './find-deep-nesting';
import { planMcpServerProgram } from './mcp-server-program';
import { type OtherFiles, otherFilesProblem, PASTE_PATH } from './other-files';
import { findTypeScriptSyntaxProblem } from './typescript-syntax-problem';

/** The global the sandbox bundle (scripts/build-vendor-assets.mjs) defines. */
export const ZOD_SANDBOX_GLOBAL = '__toolPlaygroundZod';

/**
 * What runs in the handler sandbox after the paste: each top-level value that is an AI SDK
 * `tool()`, a zod schema, or an object of tools becomes a tool, its schema converted by the AI
 * SDK's own `asSchema` (zod's JSON Schema output, draft-07, as the AI SDK sends it).
 */
const COLLECT = `
const isTool = (value) => value !== null && typeof value === 'object' && 'inputSchema' in value;
const isZod = (value) => value !== null && typeof value === 'object' && '_zod' in value;
const __tools = [];
const __notes = [];
const convert = async (name, value) => {
  const schema = isTool(value) ? value.inputSchema : value;
  const parameters = await asSchema(schema).jsonSchema;
  const description = (isTool(value) ? value.description : schema.description) ?? '';
  const toolNotes = parameters && parameters.type === 'object' ? [] : ['A tool takes an object; this schema is not one, so providers will refuse it.'];
  __tools.push({ definition: { name, description, parameters }, notes: toolNotes });
};
for (const [name, value] of __values) {
  if (isTool(value) || isZod(value)) await convert(name, value);
  else if (value !== null && typeof value === 'object' && Object.values(value).some(isTool)) {
    for (const [key, each] of Object.entries(value)) if (isTool(each)) await convert(key, each);
  }
}
if (__tools.length === 0) __notes.push('No tool() and no zod schema among the values the code declares at the top level.');
return { tools: __tools, notes: __notes };
`;

export type ZodProgram =
  | { ok: true; names: string[]; build: (bundle: string) => string }
  | { ok: false; problem: CodeProblem };

/**
 * Turns a zod / AI SDK paste into the program the handler sandbox runs: the paste compiled to
 * CommonJS (its `import`s of zod and ai answered by the bundle), then the top-level `const`s it
 * declares collected and converted. The text is code from a stranger: it only ever runs inside
 * the sandbox; nothing here evaluates it.
 */
export function prepareZodProgram(ts: typeof TypeScript, code: string, otherFiles: OtherFiles = {}): ZodProgram {
  const problem =
    findDeepNesting(code, 'zod') ?? findTypeScriptSyntaxProblem(ts, code) ?? otherFilesCodeProblem(ts, otherFiles);
  if (problem) return { ok: false, problem };
  const source = ts.createSourceFile('tools.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const server = planMcpServerProgram(ts, source, otherFiles);
  if (server) {
    const compiled = compile(ts, server.code);
    const files = Object.entries(server.files).map(([path, text]) => [path, compile(ts, text)] as const);
    return {
      ok: true,
      names: server.names,
      build: (bundle) => `${prelude(bundle, files, server.resolved)}
const __mcpTools = await (async () => {
${compiled}
return __mcpTools;
})();
const __serverNotes = ${JSON.stringify(server.notes)};
${COLLECT_MCP}`,
    };
  }
  const declared = new Map<string, TypeScript.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && init && !ts.isArrowFunction(init) && !ts.isFunctionExpression(init))
        declared.set(declaration.name.text, init);
    }
  }
  // A value another declaration uses (`inputSchema`, a shared `lineItem`) is a part, not a tool.
  const used = new Set<string>();
  const visit = (node: TypeScript.Node) => {
    if (ts.isIdentifier(node) && declared.has(node.text)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  for (const init of declared.values()) visit(init);
  const names = [...declared.keys()].filter((name) => !used.has(name));
  const compiled = compile(ts, code);
  // Names are identifiers the parser accepted; their labels are quoted as JSON strings. An
  // exported const lives on `exports` once compiled to CommonJS.
  const values = names
    .map(
      (name) =>
        `[${JSON.stringify(name)}, (() => { try { return ${name}; } catch { return module.exports[${JSON.stringify(name)}]; } })()]`,
    )
    .join(', ');
  return {
    ok: true,
    names,
    build: (bundle) => `${prelude(bundle)}
const __values = await (async () => {
${compiled}
return [${values}];
})();
${COLLECT}`,
  };
}

/** The paste compiled to CommonJS: its imports become `require` calls the sandbox answers. */
const compile = (ts: typeof TypeScript, code: string) =>
  // A script's `#!` line is kept by the compiler, and would end the program it is put in.
  ts.transpileModule(code.replace(/^#!/, '//'), {
    fileName: 'tools.ts',
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: false },
  }).outputText;

/**
 * The sandbox's libraries (the bundle), the other files' kept declarations (each compiled file a
 * function of its own `require`, `module` and `exports`, run once when first required), and
 * `require`/`module` for the compiled paste. Paths and specifiers are JSON-quoted.
 */
const prelude = (
  bundle: string,
  files: readonly (readonly [string, string])[] = [],
  resolved: Record<string, Record<string, string>> = {},
) => `
const { z, tool, asSchema, jsonSchema, zodSchema } = (() => { ${bundle}; return ${ZOD_SANDBOX_GLOBAL}; })();
const LIBRARIES = { zod: { z, default: z }, 'zod/v4': { z, default: z }, ai: { tool, asSchema, jsonSchema, zodSchema } };
const __files = {
${files.map(([path, compiled]) => `${JSON.stringify(path)}: (require, module, exports) => {\n${compiled}\n},`).join('\n')}
};
const __resolved = ${JSON.stringify(resolved)};
const __loaded = {};
const __requireFrom = (from) => (id) => {
  if (id in LIBRARIES) return LIBRARIES[id];
  const path = Object.hasOwn(__resolved, from) && Object.hasOwn(__resolved[from], id) ? __resolved[from][id] : undefined;
  if (path === undefined) throw new Error('Only zod and ai can be imported here, not "' + id + '".');
  if (!Object.hasOwn(__loaded, path)) {
    const module = { exports: {} };
    __loaded[path] = module;
    __files[path](__requireFrom(path), module, module.exports);
  }
  return __loaded[path].exports;
};
const require = __requireFrom(${JSON.stringify(PASTE_PATH)});
const module = { exports: {} };
const exports = module.exports;`;

/** The first other file that does not parse, said as the paste's problem (with the file's name). */
function otherFilesCodeProblem(ts: typeof TypeScript, otherFiles: OtherFiles): CodeProblem | undefined {
  const tooMany = otherFilesProblem(otherFiles);
  if (tooMany) return { message: tooMany, line: 1, column: 1 };
  for (const [path, text] of Object.entries(otherFiles)) {
    const problem = findDeepNesting(text, 'zod') ?? findTypeScriptSyntaxProblem(ts, text);
    if (problem)
      return { ...problem, message: `${path}, line ${problem.line}: ${problem.message}`, line: 1, column: 1 };
  }
  return undefined;
}

/**
 * What runs for an MCP server's code: each registered tool as the MCP SDK lists it — a raw shape
 * made an object, zod's JSON Schema as the SDK asks for it (draft-07, the input's), no schema as
 * an empty object's.
 */
const COLLECT_MCP = `
const isZod = (value) => value !== null && typeof value === 'object' && '_zod' in value;
const __tools = [];
for (const [name, config] of __mcpTools) {
  const input = config.inputSchema;
  const schema = input === undefined ? undefined : isZod(input) ? input : z.object(input);
  const parameters = schema === undefined ? { type: 'object', properties: {} } : z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
  __tools.push({ definition: { name, description: config.description ?? '', parameters }, notes: ['Read as the MCP SDK lists it (its JSON Schema of the zod input).'] });
}
return { tools: __tools, notes: __serverNotes };
`;

/** Reads the sandbox's answer back: tools with their notes, or why there are none (its shape is checked, not trusted). */
export function readZodProgramResult(value: unknown): { tools: ToolFromCode[]; notes: string[] } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { tools, notes } = value as { tools?: unknown; notes?: unknown };
  if (!Array.isArray(tools) || !Array.isArray(notes)) return undefined;
  const valid = tools.every((tool) => {
    const definition = (tool as ToolFromCode)?.definition;
    return (
      typeof definition?.name === 'string' &&
      typeof definition.description === 'string' &&
      typeof definition.parameters === 'object' &&
      definition.parameters !== null &&
      Array.isArray((tool as ToolFromCode).notes)
    );
  });
  return valid ? { tools: tools as ToolFromCode[], notes: notes.map(String) } : undefined;
}
