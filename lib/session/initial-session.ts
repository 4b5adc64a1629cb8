import { EMPTY_EVALS } from '../shapes/eval-defaults';
import { CORE_TOOL_DEFINITIONS, CORE_TOOL_TRAITS } from '../shapes/core-tool-definitions';
import { formatToolSource } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import { DEFAULT_EXECUTOR_SETTINGS } from '../shapes/interceptor-defaults';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { SESSION_FORMAT_VERSION } from './session-format';
import type { SessionState } from './session-state';

/** A new session: the default core tools, the simulated model, no messages. */
export function createInitialSession(): SessionState {
  const tools: ToolDraft[] = CORE_TOOL_DEFINITIONS.filter(
    (definition) => CORE_TOOL_TRAITS[definition.name].onByDefault,
  ).map((definition) => ({
    id: `tool-${definition.name}`,
    source: formatToolSource(definition),
    enabled: true,
    run: { kind: 'sandbox' },
  }));
  return {
    version: SESSION_FORMAT_VERSION,
    tools,
    selectedToolId: tools[0]?.id,
    settings: DEFAULT_RUN_SETTINGS,
    messages: [],
    chatStatus: 'ready',
    chatError: undefined,
    draft: '',
    selectedNodeId: undefined,
    sandbox: { kind: 'idle' },
    files: EXAMPLE_FILES,
    startingFiles: EXAMPLE_FILES,
    sandboxChoice: 'auto',
    openFilePath: undefined,
    storageProblem: undefined,
    readOnly: false,
    replayFrame: undefined,
    wireCaptures: {},
    localPrompts: {},
    mcpWire: {},
    approvals: {},
    mcpInputs: {},
    improvements: [],
    outcomes: {},
    durations: {},
    interceptors: [],
    executor: DEFAULT_EXECUTOR_SETTINGS,
    interceptions: {},
    mcpServers: [],
    evals: EMPTY_EVALS,
    stepSamples: {},
    sentValues: {},
    replays: {},
    compatProbes: [],
    activeBranch: { id: 'branch-1', label: 'Branch 1' },
    branches: [],
    deletedTool: undefined,
    editedTools: undefined,
    handlersTrusted: true,
    lintChoice: 'provider',
    approval: 'run-everything',
    stepMode: false,
    pause: undefined,
    runningToolCalls: [],
    toolCallProgress: {},
    evalsOpen: false,
    presenter: false,
    timelineView: 'graph',
    lessonOpen: false,
    lessonPlay: undefined,
    events: [],
  };
}
