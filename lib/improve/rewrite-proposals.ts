import { z } from 'zod';
import type { ToolSpec } from '../shapes/tool-spec';

/** A run that did not do what was expected: what was asked, what should have happened, what did. */
export type Failure = { prompt: string; expected: string; got: string };

export type ProposalRequest = {
  tool: ToolSpec;
  /** The failures of the proposal side of the split only (never a held-out case). */
  failures: readonly Failure[];
  /** How many rewrites to ask for. */
  count: number;
  /** Whether the parameters' descriptions may be rewritten too. */
  parameters: boolean;
};

/** One proposed rewrite: the tool's description, and (when asked) parameters' descriptions by name. */
export type Rewrite = { description: string; parameters: Record<string, string> };

/** Most failures shown to the proposer, and most characters of each of their texts. */
const MAX_FAILURES = 20;
const MAX_FAILURE_TEXT = 400;
/** Longest description a rewrite may have (characters). */
export const MAX_REWRITE_DESCRIPTION = 2_000;
/** Longest description the proposer's tool takes (characters): a useful one is shorter; a small model's grammar stays small. */
const PROPOSED_DESCRIPTION_CHARS = 600;
/** The tool the proposer answers with: its arguments are the rewrites. */
export const PROPOSER_TOOL = 'propose_rewrites';
/** Longest answer read (characters): a longer one is cut before it is parsed. */
const MAX_ANSWER = 100_000;

const clip = (text: string) => (text.length > MAX_FAILURE_TEXT ? `${text.slice(0, MAX_FAILURE_TEXT)}…` : text);

/** The top-level properties of the tool's input schema, with their descriptions. */
function parametersOf(tool: ToolSpec): Record<string, string> {
  const properties = tool.inputSchema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return {};
  return Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).map(([name, schema]) => {
      const description = (schema as { description?: unknown } | null)?.description;
      return [name, typeof description === 'string' ? description : ''];
    }),
  );
}

/**
 * What the proposer model is sent: the tool as the model sees it, the runs that went wrong (what
 * was asked, what was expected, what the model did instead) and the answer's shape — JSON only.
 */
export function proposerPrompt({ tool, failures, count, parameters }: ProposalRequest): {
  system: string;
  prompt: string;
} {
  const shown = failures.slice(0, MAX_FAILURES);
  const lines = [
    `Tool name: ${tool.name}`,
    `Current description: ${tool.description || '(none)'}`,
    `Input schema (JSON): ${JSON.stringify(tool.inputSchema)}`,
    '',
    `Runs where a model did not use this tool as expected (${shown.length}${failures.length > shown.length ? ` of ${failures.length}` : ''}):`,
    ...shown.map(
      (failure, index) =>
        `${index + 1}. Asked: ${clip(failure.prompt)}\n   Expected: ${clip(failure.expected)}\n   Instead: ${clip(failure.got)}`,
    ),
    '',
    `Write ${count} different rewrites of the description that would make a model use the tool as expected.`,
    parameters
      ? 'You may also rewrite the descriptions of its parameters (by name; only parameters that exist).'
      : 'Do not change the parameters.',
    `Call ${PROPOSER_TOOL} with them — or, without tools, answer with JSON only: {"rewrites": [{"description": "…"${parameters ? ', "parameters": {"<name>": "…"}' : ''}}]}`,
  ];
  return {
    system:
      'You improve the descriptions of tools that language models call. Be specific about when to use the tool and what each argument means; never invent behaviour the schema does not have.',
    prompt: lines.join('\n'),
  };
}

/**
 * The tool the proposer is asked to call: its arguments are the answer, so a provider's tool
 * calling — and a model in the browser constrained to the tool's schema by a grammar — gives the
 * rewrites in the shape they are read in (at most `count`, descriptions of bounded length, only
 * the tool's parameters).
 */
export function proposerTool({ tool, count, parameters }: ProposalRequest): ToolSpec {
  const text = { type: 'string', minLength: 1, maxLength: PROPOSED_DESCRIPTION_CHARS };
  const names = Object.keys(parametersOf(tool));
  const rewrite: Record<string, unknown> = {
    type: 'object',
    properties: {
      description: { ...text, description: 'The new description of the tool.' },
      ...(parameters && names.length > 0
        ? {
            parameters: {
              type: 'object',
              description: "New descriptions of the tool's parameters, by name.",
              properties: Object.fromEntries(names.map((name) => [name, text])),
              additionalProperties: false,
            },
          }
        : {}),
    },
    required: ['description'],
    additionalProperties: false,
  };
  return {
    name: PROPOSER_TOOL,
    description: `Proposes rewrites of the description of the tool ${tool.name}.`,
    inputSchema: {
      type: 'object',
      properties: { rewrites: { type: 'array', items: rewrite, minItems: 1, maxItems: count } },
      required: ['rewrites'],
      additionalProperties: false,
    },
  };
}

const answerSchema = z.object({
  rewrites: z
    .array(
      z.object({
        description: z.string().trim().min(1).max(MAX_REWRITE_DESCRIPTION),
        parameters: z.record(z.string(), z.string().max(MAX_REWRITE_DESCRIPTION)).optional(),
      }),
    )
    .min(1),
});

/** The JSON object in a model's answer: the text from its first `{` to its last `}` (a fenced block included). */
function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end < start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * The rewrites in the proposer's answer — at most `count`, each different from the current
 * description and from each other; a parameter the tool does not have is dropped (and said), as
 * are parameters when none were asked for — or the reason there are none.
 */
export function readProposals(
  answer: string,
  request: ProposalRequest,
): { rewrites: Rewrite[]; notes: string[]; problem?: string } {
  const parsed = answerSchema.safeParse(jsonIn(answer.slice(0, MAX_ANSWER)));
  if (!parsed.success)
    return {
      rewrites: [],
      notes: [],
      problem: 'The proposer did not answer with {"rewrites": [{"description": …}]}: no rewrite to measure.',
    };
  const known = parametersOf(request.tool);
  const notes: string[] = [];
  const seen = new Set([request.tool.description.trim()]);
  const rewrites: Rewrite[] = [];
  for (const proposed of parsed.data.rewrites) {
    if (rewrites.length >= request.count) break;
    if (seen.has(proposed.description)) continue;
    seen.add(proposed.description);
    const parameters: Record<string, string> = {};
    for (const [name, description] of Object.entries(proposed.parameters ?? {})) {
      if (!request.parameters) continue;
      if (!Object.hasOwn(known, name))
        notes.push(`A rewrite named a parameter the tool does not have (${name}): left out.`);
      else if (description !== known[name]) parameters[name] = description;
    }
    rewrites.push({ description: proposed.description, parameters });
  }
  return rewrites.length > 0
    ? { rewrites, notes }
    : {
        rewrites,
        notes,
        problem: 'Every proposed description was the current one or a repeat: no rewrite to measure.',
      };
}

/** The tool with a rewrite applied: its description, and its parameters' descriptions where the rewrite has them. */
export function applyRewrite(tool: ToolSpec, rewrite: Rewrite): ToolSpec {
  const properties = tool.inputSchema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!properties || Object.keys(rewrite.parameters).length === 0) return { ...tool, description: rewrite.description };
  const rewritten = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) =>
      Object.hasOwn(rewrite.parameters, name)
        ? [name, { ...schema, description: rewrite.parameters[name] }]
        : [name, schema],
    ),
  );
  return { ...tool, description: rewrite.description, inputSchema: { ...tool.inputSchema, properties: rewritten } };
}
