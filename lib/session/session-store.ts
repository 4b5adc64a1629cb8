import { generateId, type ChatStatus } from 'ai';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { CORE_TOOL_DEFINITIONS, DEFAULT_TOOL_NAMES } from '../tools/core-tool-definitions';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from './run-settings';
import { SESSION_FORMAT_VERSION, type SessionData } from './session-schema';

/** Which sandbox runs, as the status line tells it. */
export type SandboxStatus =
  | { kind: 'starting' }
  | { kind: 'ready'; label: string }
  | { kind: 'failed'; message: string };

/**
 * One playground session: the single source of truth every pane derives its view from.
 * `SessionData` is what persists; the rest is view and run state.
 */
export type SessionState = SessionData & {
  selectedToolId: string | undefined;
  chatStatus: ChatStatus;
  chatError: string | undefined;
  draft: string;
  selectedNodeId: string | undefined;
  sandbox: SandboxStatus;
};

export type SessionActions = {
  selectTool(id: string): void;
  updateToolSource(id: string, source: string): void;
  setToolEnabled(id: string, enabled: boolean): void;
  addTool(): void;
  setDraft(draft: string): void;
  updateSettings(patch: Partial<RunSettings>): void;
  selectNode(id: string | undefined): void;
  setSandboxStatus(status: SandboxStatus): void;
};

export type SessionStore = StoreApi<SessionState & SessionActions>;

/** The editor text of a tool definition: pretty JSON, as a person would write it. */
export function formatToolSource(definition: unknown): string {
  return `${JSON.stringify(definition, null, 2)}\n`;
}

const BLANK_TOOL = {
  name: 'new_tool',
  description: 'Describe what the tool does and when the model should use it.',
  parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
};

/** A new session: the core tools, the simulated model, no messages. */
export function createInitialSession(): SessionState {
  const tools = CORE_TOOL_DEFINITIONS.filter((definition) => DEFAULT_TOOL_NAMES.includes(definition.name)).map((definition) => ({
    id: `tool-${definition.name}`,
    source: formatToolSource(definition),
    enabled: true,
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
    sandbox: { kind: 'starting' },
  };
}

/** Creates the store of one mounted playground, changed only through its named actions. */
export function createSessionStore(initial: SessionState = createInitialSession()): SessionStore {
  return createStore<SessionState & SessionActions>()((set) => ({
    ...initial,
    selectTool: (id) => set({ selectedToolId: id }),
    updateToolSource: (id, source) =>
      set((state) => ({ tools: state.tools.map((tool) => (tool.id === id ? { ...tool, source } : tool)) })),
    setToolEnabled: (id, enabled) =>
      set((state) => ({ tools: state.tools.map((tool) => (tool.id === id ? { ...tool, enabled } : tool)) })),
    addTool: () =>
      set((state) => {
        const id = `tool-${generateId()}`;
        const taken = new Set(state.tools.map((tool) => tool.source.match(/"name":\s*"([^"]*)"/)?.[1]));
        let name = BLANK_TOOL.name;
        for (let n = 2; taken.has(name); n++) name = `${BLANK_TOOL.name}_${n}`;
        const tool = { id, source: formatToolSource({ ...BLANK_TOOL, name }), enabled: true };
        return { tools: [...state.tools, tool], selectedToolId: id };
      }),
    setDraft: (draft) => set({ draft }),
    updateSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
    selectNode: (id) => set({ selectedNodeId: id }),
    setSandboxStatus: (sandbox) => set({ sandbox }),
  }));
}
