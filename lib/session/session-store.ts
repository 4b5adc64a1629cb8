import { newId } from '../shapes/new-id';
import { createStore, type StateCreator } from 'zustand/vanilla';
import { formatToolSource, readToolName, renameToolSource, uniqueToolName } from '../shapes/tool-source';
import type { ToolDraft } from '../shapes/tool-spec';
import { createInterceptorActions } from './interceptor-actions';
import { mergeBySpreading, type RawSet } from './merge-by-spreading';
import { createMcpActions } from './mcp-actions';
import { createEvalActions } from './eval-actions';
import { createLessonActions } from './lesson-actions';
import { createInitialSession } from './initial-session';
import { boundRunSettings } from './bound-run-settings';
import { clampWhole, clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import type { SessionState } from './session-state';
import type { SessionStore, SessionActions } from './session-state';

const takenNames = (tools: readonly ToolDraft[]) =>
  new Set(tools.map((tool) => readToolName(tool.source)).filter((name) => name !== undefined));

/** Creates the store of one mounted playground, changed only through its named actions. */
export function createSessionStore(initial: SessionState = createInitialSession()): SessionStore {
  return createStore<SessionState & SessionActions>()(sessionStateCreator(initial));
}

/** The session's state and actions, for a plain store or one wrapped in middleware (persist). */
export function sessionStateCreator(initial: SessionState): StateCreator<SessionState & SessionActions> {
  return (zustandSet, get, api) => {
    const merged = mergeBySpreading(zustandSet as RawSet, get);
    // The store's own setState merges the same way (the chat writes through it while it streams).
    api.setState = mergeBySpreading(api.setState as RawSet, get) as typeof api.setState;
    const rawSet = merged as typeof zustandSet;
    // A shared session is read-only until "Fork to edit": edits are refused here, whatever
    // the UI offers. View state (selection, replay, branch shown, sandbox status) still changes.
    const set: typeof rawSet = (partial, replace) => {
      if (get().readOnly) return;
      (rawSet as RawSet)(partial, replace);
    };
    const view = rawSet;
    const updateTool = (id: string, update: (tool: ToolDraft) => ToolDraft) =>
      set((state) => ({ tools: state.tools.map((tool) => (tool.id === id ? update(tool) : tool)) }));
    return {
      ...initial,
      selectTool: (id) => view({ selectedToolId: id }),
      // An MCP tool's definition is its server's ("Copy as editable tool" makes one to change).
      updateToolSource: (id, source) =>
        updateTool(id, (tool) => (tool.run.kind === 'mcp' ? tool : { ...tool, source })),
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
      moveTool: (id, offset) =>
        set((state) => {
          const index = state.tools.findIndex((tool) => tool.id === id);
          const target = index + offset;
          if (index === -1 || target < 0 || target >= state.tools.length) return {};
          const tools = [...state.tools];
          [tools[index], tools[target]] = [tools[target], tools[index]];
          return { tools };
        }),
      setDraft: (draft) => view({ draft }),
      updateSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...boundRunSettings(patch) } })),
      selectNode: (id) => view({ selectedNodeId: id }),
      setSandboxStatus: (sandbox) => view({ sandbox }),
      setSandboxChoice: (sandboxChoice) => set({ sandboxChoice }),
      setFiles: (files) =>
        view((state) => ({
          files,
          openFilePath:
            state.openFilePath !== undefined && Object.hasOwn(files, state.openFilePath)
              ? state.openFilePath
              : undefined,
        })),
      openFile: (openFilePath) => view({ openFilePath }),
      setStorageProblem: (storageProblem) => view({ storageProblem }),
      setReplayFrame: (replayFrame) => view({ replayFrame }),
      leaveReadOnly: () => view({ readOnly: false, replayFrame: undefined }),
      loadSession: (session, { trusted, readOnly = false }) =>
        view({
          ...session,
          // A session without a lesson has none (the one before it must not linger); a shared
          // link with one opens in lesson mode.
          lesson: session.lesson,
          lessonPlay: readOnly && session.lesson?.stops.length ? { stop: 0, answers: {} } : undefined,
          lessonOpen: false,
          readOnly,
          replayFrame: undefined,
          selectedToolId: session.tools[0]?.id,
          chatStatus: 'ready',
          chatError: undefined,
          selectedNodeId: undefined,
          deletedTool: undefined,
          handlersTrusted: trusted,
          pause: undefined,
          runningToolCalls: [],
          toolCallProgress: {},
          events: [],
          openFilePath: undefined,
          wireCaptures: {},
        }),
      startBranch: (messages) =>
        set((state) => {
          const numbers = [state.activeBranch, ...state.branches].map((branch) =>
            Number(/^Branch (\d+)$/.exec(branch.label)?.[1] ?? 0),
          );
          const number = Math.max(...numbers) + 1;
          return {
            branches: [...state.branches, { ...state.activeBranch, messages: state.messages }],
            activeBranch: { id: `branch-${newId()}`, label: `Branch ${number}` },
            messages,
            selectedNodeId: undefined,
            chatError: undefined,
          };
        }),
      switchBranch: (id) =>
        view((state) => {
          const target = state.branches.find((branch) => branch.id === id);
          if (!target) return {};
          return {
            branches: state.branches.map((branch) =>
              branch.id === id ? { ...state.activeBranch, messages: state.messages } : branch,
            ),
            activeBranch: { id: target.id, label: target.label },
            messages: target.messages,
            selectedNodeId: undefined,
            chatError: undefined,
          };
        }),
      addBranches: (added) =>
        set((state) => {
          const made = added.map((branch) => ({
            id: `branch-${newId()}`,
            label: clipToLimit(branch.label.trim(), SESSION_LIMITS.branchLabelChars) || 'Branch',
            messages: branch.messages,
          }));
          // An empty active branch holds nothing worth keeping: the first added one takes its place.
          if (state.messages.length > 0 || made.length === 0) return { branches: [...state.branches, ...made] };
          const [first, ...rest] = made;
          return {
            activeBranch: { id: first.id, label: first.label },
            messages: first.messages,
            branches: [...state.branches, ...rest],
            selectedNodeId: undefined,
          };
        }),
      deleteBranch: (id) => set((state) => ({ branches: state.branches.filter((branch) => branch.id !== id) })),
      recordApproval: (toolCallId, decision) =>
        set((state) => ({ approvals: { ...state.approvals, [toolCallId]: decision } })),
      recordOutcome: (toolCallId, kind) => set((state) => ({ outcomes: { ...state.outcomes, [toolCallId]: kind } })),
      addManualStep: (messages, call) =>
        set((state) => ({
          messages: [...state.messages, ...messages],
          outcomes: { ...state.outcomes, [call.toolCallId]: call.outcome },
          durations: {
            ...state.durations,
            [call.toolCallId]: clampWhole(call.durationMs, 0, SESSION_LIMITS.toolDurationMs),
          },
        })),
      recordDuration: (toolCallId, durationMs) =>
        set((state) => ({
          durations: { ...state.durations, [toolCallId]: clampWhole(durationMs, 0, SESSION_LIMITS.toolDurationMs) },
        })),
      trustHandlers: () => set({ handlersTrusted: true }),
      setLintChoice: (lintChoice) => view({ lintChoice }),
      setApproval: (approval) => set({ approval }),
      setStepMode: (stepMode) => view({ stepMode }),
      setPause: (pause) => view({ pause }),
      setToolCallRunning: (toolCallId, running) =>
        view((state) => {
          if (running) return { runningToolCalls: [...state.runningToolCalls, toolCallId] };
          const { [toolCallId]: _done, ...toolCallProgress } = state.toolCallProgress;
          return { runningToolCalls: state.runningToolCalls.filter((id) => id !== toolCallId), toolCallProgress };
        }),
      showEvals: (evalsOpen) => view({ evalsOpen }),
      setPresenter: (presenter) => view({ presenter }),
      setTimelineView: (timelineView) => view({ timelineView }),
      setToolCallProgress: (toolCallId, progress) =>
        view((state) => {
          const { [toolCallId]: _old, ...rest } = state.toolCallProgress;
          return { toolCallProgress: progress ? { ...rest, [toolCallId]: progress } : rest };
        }),
      addEvent: (event) => view((state) => ({ events: [...state.events, event] })),
      recordWireCapture: (stepId, capture) =>
        view((state) => ({ wireCaptures: { ...state.wireCaptures, [stepId]: capture } })),
      ...createInterceptorActions(set, get),
      ...createMcpActions(set, get),
      ...createEvalActions(set, get),
      ...createLessonActions(set, view),
    };
  };
}
