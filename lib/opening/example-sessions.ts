import { EMPTY_EVALS } from '../shapes/eval-defaults';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { TOOL_TEMPLATES } from '../tools/tool-templates';
import type { ToolDraft } from '../shapes/tool-spec';
import type { RunSettings } from '../shapes/run-settings';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import type { SessionData } from '../session/session-schema';
import { createInitialSession } from '../session/initial-session';
import { formatToolSource } from '../shapes/tool-source';

/** A built-in session: tools and settings ready, and the message to send (all with the simulated model). */
export type ExampleSession = { id: string; name: string; session: SessionData; draft: string };

const template = (id: string): ToolDraft => {
  const found = TOOL_TEMPLATES.find((candidate) => candidate.id === id)!;
  return {
    id: `tool-${id}`,
    source: formatToolSource(found.definition),
    enabled: true,
    run: structuredClone(found.run),
  };
};
const core = (name: string): ToolDraft => ({
  id: `tool-${name}`,
  source: formatToolSource(CORE_TOOL_DEFINITIONS.find((definition) => definition.name === name)!),
  enabled: true,
  run: { kind: 'sandbox' },
});

/** A built-in session of these tools and settings (and, in `more`, its own files or evals). */
export function example(
  id: string,
  name: string,
  tools: ToolDraft[],
  settings: Partial<RunSettings>,
  draft: string,
  more: Partial<Pick<SessionData, 'files' | 'startingFiles' | 'evals'>> = {},
): ExampleSession {
  const base = createInitialSession();
  const session: SessionData = {
    version: base.version,
    tools,
    settings: { ...DEFAULT_RUN_SETTINGS, ...settings },
    messages: [],
    files: base.files,
    startingFiles: base.startingFiles,
    sandboxChoice: base.sandboxChoice,
    approvals: {},
    mcpInputs: {},
    improvements: [],
    outcomes: {},
    durations: {},
    mcpServers: [],
    compatProbes: [],
    evals: EMPTY_EVALS,
    stepSamples: {},
    sentValues: {},
    replays: {},
    interceptors: [],
    executor: base.executor,
    interceptions: {},
    activeBranch: { id: 'branch-1', label: 'Branch 1' },
    branches: [],
    ...more,
  };
  return { id, name, session, draft };
}

/** The examples every playground has: each shows one idea and runs offline. */
export const EXAMPLE_SESSIONS: readonly ExampleSession[] = [
  example(
    'weather',
    'Weather and a sum: parallel calls',
    [template('get_weather'), template('calculator')],
    { parallelToolCalls: true },
    'What is the weather in Paris? And calculate "18 * 9 / 5 + 32".',
  ),
  example(
    'coding',
    'A coding task in the sandbox',
    ['bash', 'read_file', 'write_file', 'edit_file', 'list_files', 'search'].map(core),
    {},
    'list the files and show me src/greet.js',
  ),
  example(
    'validation',
    'A validation error the model corrects',
    ['write_file', 'read_file'].map(core),
    {
      model: 'simulated-scripted',
      script: [
        { text: 'Saving.', toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt' } }] },
        {
          text: 'The call was invalid: `content` is required. Again, with content.',
          toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt', content: 'hello' } }],
        },
        { text: 'Saved note.txt.' },
      ],
    },
    'save a note',
  ),
  example(
    'react',
    'Validated mode (ReAct): tool calls written as JSON text',
    ['list_files', 'read_file'].map(core),
    {
      // The scripted model writes ReAct JSON as plain text; the playground turns it into tool calls.
      model: 'simulated-scripted',
      mode: 'validated',
      script: [
        {
          text: '{"type": "call_tool", "thought": "I should see what is in the workspace.", "tool": "list_files", "args": {}}',
        },
        {
          text: '{"type": "final_answer", "thought": "The listing answers it.", "answer": "The workspace holds README.md, package.json and the folders data/, notes/ and src/."}',
        },
      ],
    },
    'what files are there?',
  ),
];
