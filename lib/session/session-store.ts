import { createStore, type StateCreator } from 'zustand/vanilla';
import { withMcpWire } from '../shapes/mcp-wire';
import { createBranchActions } from './branch-actions';
import { createInterceptorActions } from './interceptor-actions';
import { createAskedAndImprovedActions } from './asked-and-improved-actions';
import { createToolActions } from './tool-actions';
import { mergeBySpreading, type RawSet } from './merge-by-spreading';
import { createMcpActions } from './mcp-actions';
import { createEvalActions } from './eval-actions';
import { createLessonActions } from './lesson-actions';
import { createSamplingActions } from './sampling-actions';
import { createRecordActions } from './record-actions';
import { createInitialSession } from './initial-session';
import { boundRunSettings } from './bound-run-settings';
import { clampWhole, SESSION_LIMITS } from '../shapes/session-limits';
import type { SessionState } from './session-state';
import type { SessionStore, SessionActions } from './session-state';

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
    return {
      ...initial,
      ...createToolActions(set, view),
      ...createAskedAndImprovedActions(set),
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
          // Where the author was when they shared it (a link), else nothing selected.
          selectedNodeId: session.viewedNodeId,
          viewedNodeId: undefined,
          deletedTool: undefined,
          editedTools: undefined,
          handlersTrusted: trusted,
          pause: undefined,
          runningToolCalls: [],
          toolCallProgress: {},
          events: [],
          openFilePath: undefined,
          wireCaptures: {},
          localPrompts: {},
          mcpWire: {},
        }),
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
      recordLocalPrompt: (stepId, prompt) =>
        view((state) => ({ localPrompts: { ...state.localPrompts, [stepId]: prompt } })),
      recordMcpWire: (toolCallId, line) => view((state) => ({ mcpWire: withMcpWire(state.mcpWire, toolCallId, line) })),
      ...createBranchActions(set, view),
      ...createInterceptorActions(set, get),
      ...createMcpActions(set, get),
      ...createEvalActions(set, get),
      ...createLessonActions(set, view),
      ...createSamplingActions(set, get),
      ...createRecordActions(set, get),
    };
  };
}
