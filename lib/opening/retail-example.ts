import type { RetailCase, RetailData } from '../environments/tau2-retail/retail-data';
import { RETAIL_FILES } from '../environments/tau2-retail/retail-data';
import { retailHandlerBody } from '../environments/tau2-retail/retail-handlers';
import { EMPTY_EVALS } from '../shapes/eval-defaults';
import type { EvalCase } from '../shapes/eval-case';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import { type ExampleSession, example } from './example-sessions';
import { RETAIL_EXAMPLE } from './retail-example-entry';

/*
 * The retail example (README, "Conversations"): τ²-bench's retail domain as a session — its tools
 * as handlers keeping the store's database in db.json, its policy as the system prompt, and its
 * tasks as conversation cases whose user a model plays from τ²'s instructions, graded by the
 * database the conversation leaves (and what the user must be told).
 */

/** τ²'s agent opens every conversation so; the user answers it. */
const GREETING = 'Hi! How can I help you today?';
/** The user's first words, the same for every task: what they want comes out as the agent asks (τ²'s user is told to reveal it bit by bit). */
const OPENING = 'Hi, I need some help with an order.';
/** τ²'s user simulator ends a conversation so. */
const STOP = '###STOP###';
const HANDLER_TIMEOUT_MS = 5_000;

/** τ²'s user instructions as its user simulator reads them. */
function userInstructions(task: RetailCase): string {
  const said = task.instructions;
  return [
    said.reason_for_call && `Reason for call: ${said.reason_for_call}`,
    said.known_info && `Known info: ${said.known_info}`,
    said.unknown_info && `Unknown info: ${said.unknown_info}`,
    said.task_instructions && `Task instructions: ${said.task_instructions}`,
  ]
    .filter(Boolean)
    .join('\n');
}

const firstSentence = (text = '') => (/^[^.!?]*[.!?]?/.exec(text)?.[0] ?? text).slice(0, 120);

/** A τ² task as a conversation case: graded by db.json after the run, and by what the user was told. */
export function retailCase(task: RetailCase): EvalCase {
  return {
    id: `retail-${task.id}`,
    name: `Task ${task.id}: ${firstSentence(task.instructions.reason_for_call)}`,
    messages: [{ role: 'assistant', text: GREETING }],
    prompt: OPENING,
    user: {
      instructions: userInstructions(task),
      ...(task.persona ? { persona: task.persona } : {}),
      stop: STOP,
      maxTurns: 15,
    },
    expect: {
      calls: [],
      order: 'any',
      parallel: 'allowed',
      // As τ² grades: by the end state (and what the user was told), not by which calls got there.
      allowExtraCalls: true,
      validCalls: false,
      files: [{ file: 'db.json', changes: task.changes }],
      ...(task.told.length > 0 ? { user: { told: task.told } } : {}),
    },
  };
}

/** The example's session, from the port's files. */
export function retailExampleSession(data: RetailData): ExampleSession {
  const tools: ToolDraft[] = data.tools.map((tool) => ({
    id: `tool-${tool.name}`,
    source: formatToolSource({ name: tool.name, description: tool.description, parameters: tool.parameters }),
    enabled: true,
    run: {
      kind: 'javascript',
      code: retailHandlerBody(tool.name),
      timeoutMs: HANDLER_TIMEOUT_MS,
      stateFile: 'db.json',
    },
  }));
  const files = { 'db.json': `${JSON.stringify(data.db, null, 1)}\n` };
  return example(
    RETAIL_EXAMPLE.id,
    RETAIL_EXAMPLE.name,
    tools,
    { system: data.policy.policy, maxSteps: 10, parallelToolCalls: false },
    OPENING,
    { files, startingFiles: files, evals: { ...EMPTY_EVALS, cases: data.cases.map(retailCase) } },
  );
}

/** Reads the port's files (`read`: the page fetches them from RETAIL_DATA_PATH) and makes the session. */
export async function loadRetailExample(read: (file: string) => Promise<unknown>): Promise<ExampleSession> {
  const [tools, db, cases, policy] = await Promise.all(RETAIL_FILES.map((file) => read(`${file}.json`)));
  return retailExampleSession({ tools, db, cases, policy } as RetailData);
}
