import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatTargetId } from '../shapes/compat';
import type { ToolDefinition } from '../shapes/tool-formats';
import { documentedReasons } from '../tools/compat/documented-rules';
import { GEMINI_NAME, OPENAI_ANTHROPIC_NAME } from '../tools/lint/lint-rules';

/** One of a server's tools as the session holds it: its name on the server, the name the model knows, its definition. */
export type JudgedTool = { serverName: string; knownAs: string; definition: ToolDefinition };

export type McpToolJudgement = {
  /** Per target, how many of the tools it takes as written (its documented rules) and why not the others. */
  compatibility: { target: CompatTargetId; label: string; fit: number; misfits: { tool: string; reason: string }[] }[];
  /** Tools whose server name a provider refuses, or that the model knows by another name. */
  names: { tool: string; knownAs: string; problems: string[] }[];
  /** Each `x-mcp-header` a tool declares: its argument, mirrored into the `Mcp-Param-<header>` HTTP header on a call (2026-07-28). */
  headers: { tool: string; argument: string; header: string }[];
};

const NAME_RULES = [
  { rule: OPENAI_ANTHROPIC_NAME, says: 'OpenAI and Anthropic take 1–64 letters, digits, _ and -' },
  { rule: GEMINI_NAME, says: 'Gemini takes a letter or _ first, then up to 63 letters, digits, _ . : -' },
];

/**
 * What the playground already judges of a connected server's tools, beside the conformance
 * suite's verdicts (`Check this server`): Compatibility by the documented rules of each target,
 * the names, and the `x-mcp-header` declarations. Pure; the context cost is counted by the page's
 * token worker.
 */
export function judgeMcpTools(tools: readonly JudgedTool[]): McpToolJudgement {
  const compatibility = COMPAT_TARGETS.map((target) => {
    const misfits = tools.flatMap((tool) => {
      const [first] = documentedReasons(tool.definition, target);
      return first ? [{ tool: tool.serverName, reason: first.message }] : [];
    });
    return { target, label: COMPAT_TARGET_INFO[target].label, fit: tools.length - misfits.length, misfits };
  });
  const names = tools.flatMap((tool) => {
    const problems = NAME_RULES.filter(({ rule }) => !rule.test(tool.serverName)).map(({ says }) => says);
    if (tool.knownAs !== tool.serverName)
      problems.push(`the model knows it as ${tool.knownAs} (its name clashed, or no provider takes it)`);
    return problems.length > 0 ? [{ tool: tool.serverName, knownAs: tool.knownAs, problems }] : [];
  });
  const headers = tools.flatMap((tool) =>
    headerDeclarations(tool.definition.parameters).map(({ argument, header }) => ({
      tool: tool.serverName,
      argument,
      header,
    })),
  );
  return { compatibility, names, headers };
}

/** The `x-mcp-header` declarations along the schema's chains of `properties` (where the revision allows them). */
function headerDeclarations(schema: Record<string, unknown>): { argument: string; header: string }[] {
  const found: { argument: string; header: string }[] = [];
  const stack: [unknown, string[]][] = [[schema, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    const record = node as Record<string, unknown>;
    const header = record['x-mcp-header'];
    if (path.length > 0 && typeof header === 'string') found.push({ argument: path.join('.'), header });
    const properties = record.properties;
    if (typeof properties === 'object' && properties !== null && !Array.isArray(properties))
      for (const [key, child] of Object.entries(properties).reverse()) stack.push([child, [...path, key]]);
  }
  return found;
}
