import { newId } from '../shapes/new-id';
import { clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import { formatToolSource, readToolName, renameToolSource, uniqueToolName } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import type { SessionActions, SessionState } from './session-state';

type SetState = (partial: Partial<SessionState> | ((state: SessionState) => Partial<SessionState>)) => void;

type ToolActions = Pick<
  SessionActions,
  | 'selectTool'
  | 'updateToolSource'
  | 'setToolEnabled'
  | 'setToolTerminal'
  | 'setToolRun'
  | 'addTools'
  | 'dismissToolNotes'
  | 'duplicateTool'
  | 'renameTool'
  | 'deleteTool'
  | 'undoDeleteTool'
  | 'editToolSources'
  | 'undoToolEdit'
  | 'moveTool'
>;

const takenNames = (tools: readonly ToolDraft[]) =>
  new Set(tools.map((tool) => readToolName(tool.source)).filter((name) => name !== undefined));

/** The session's tool actions: the drafts as the person edits, adds, copies, deletes and orders them. `view` changes what is shown only. */
export function createToolActions(set: SetState, view: SetState): ToolActions {
  const updateTool = (id: string, update: (tool: ToolDraft) => ToolDraft) =>
    set((state) => ({ tools: state.tools.map((tool) => (tool.id === id ? update(tool) : tool)) }));
  return {
    selectTool: (id) => view({ selectedToolId: id }),
    // An MCP tool's definition is its server's ("Copy as editable tool" makes one to change).
    updateToolSource: (id, source) => updateTool(id, (tool) => (tool.run.kind === 'mcp' ? tool : { ...tool, source })),
    setToolEnabled: (id, enabled) => updateTool(id, (tool) => ({ ...tool, enabled })),
    setToolTerminal: (id, terminal) => updateTool(id, (tool) => ({ ...tool, terminal })),
    setToolRun: (id, run) => updateTool(id, (tool) => ({ ...tool, run })),
    addTools: (additions) =>
      set((state) => {
        const taken = takenNames(state.tools);
        const added = additions.map(({ definition, run, notes = [] }) => {
          const name = uniqueToolName(definition.name, taken);
          taken.add(name);
          const kept = notes
            .slice(0, SESSION_LIMITS.toolNotes)
            .map((note) => clipToLimit(note, SESSION_LIMITS.toolNoteChars));
          return {
            id: `tool-${newId()}`,
            source: formatToolSource({ ...definition, name }),
            enabled: true,
            run: structuredClone(run),
            ...(kept.length > 0 ? { notes: kept } : {}),
          };
        });
        return { tools: [...state.tools, ...added], selectedToolId: added[0]?.id ?? state.selectedToolId };
      }),
    dismissToolNotes: (id) => updateTool(id, ({ notes: _notes, ...tool }) => tool),
    duplicateTool: (id) =>
      set((state) => {
        const index = state.tools.findIndex((tool) => tool.id === id);
        if (index === -1) return {};
        const original = state.tools[index];
        const name = readToolName(original.source);
        const renamed = name
          ? renameToolSource(original.source, uniqueToolName(`${name}_copy`, takenNames(state.tools)))
          : undefined;
        const copy = { ...structuredClone(original), id: `tool-${newId()}`, source: renamed ?? original.source };
        return {
          tools: [...state.tools.slice(0, index + 1), copy, ...state.tools.slice(index + 1)],
          selectedToolId: copy.id,
        };
      }),
    renameTool: (id, name) =>
      updateTool(id, (tool) => ({ ...tool, source: renameToolSource(tool.source, name) ?? tool.source })),
    deleteTool: (id) =>
      set((state) => {
        const index = state.tools.findIndex((tool) => tool.id === id);
        if (index === -1) return {};
        const tools = state.tools.filter((tool) => tool.id !== id);
        const selectedToolId =
          state.selectedToolId === id ? tools[Math.min(index, tools.length - 1)]?.id : state.selectedToolId;
        return { tools, selectedToolId, deletedTool: { draft: state.tools[index], index } };
      }),
    undoDeleteTool: () =>
      set((state) => {
        if (!state.deletedTool) return {};
        const { draft, index } = state.deletedTool;
        const tools = [...state.tools.slice(0, index), draft, ...state.tools.slice(index)];
        return { tools, selectedToolId: draft.id, deletedTool: undefined };
      }),
    editToolSources: (label, changes) =>
      set((state) => {
        const byId = new Map(changes.map((change) => [change.id, change.source]));
        // An MCP tool's definition is its server's: not edited here.
        const edited = state.tools.filter(
          (tool) => byId.has(tool.id) && tool.run.kind !== 'mcp' && byId.get(tool.id) !== tool.source,
        );
        if (edited.length === 0) return {};
        return {
          tools: state.tools.map((tool) =>
            edited.includes(tool) ? { ...tool, source: byId.get(tool.id) as string } : tool,
          ),
          editedTools: { label, before: edited.map((tool) => ({ id: tool.id, source: tool.source })) },
        };
      }),
    undoToolEdit: () =>
      set((state) => {
        if (!state.editedTools) return {};
        const before = new Map(state.editedTools.before.map((each) => [each.id, each.source]));
        return {
          tools: state.tools.map((tool) =>
            before.has(tool.id) ? { ...tool, source: before.get(tool.id) as string } : tool,
          ),
          editedTools: undefined,
        };
      }),
    moveTool: (id, offset) =>
      set((state) => {
        const index = state.tools.findIndex((tool) => tool.id === id);
        const target = index + offset;
        if (index === -1 || target < 0 || target >= state.tools.length) return {};
        const tools = [...state.tools];
        [tools[index], tools[target]] = [tools[target], tools[index]];
        return { tools };
      }),
  };
}
