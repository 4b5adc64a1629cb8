import type { ChatStatus, UIMessage } from 'ai';
import type { StoreApi } from 'zustand';
import type { ApprovalPolicy, ApprovalRecord } from '../shapes/approval';
import type { LintChoice } from '../shapes/lint-choice';
import type { McpProgress } from '../shapes/mcp-access';
import type { McpInputRecord } from '../shapes/mcp-input';
import type { McpWireLine, McpWireRecord } from '../shapes/mcp-wire';
import type { ImprovementRecord } from '../shapes/improvement-record';
import type { RunEvent } from '../shapes/run-event';
import type { RunPause } from '../shapes/run-pause';
import type { RunSettings } from '../shapes/run-settings';
import type { SandboxStatus, SandboxChoice, SandboxFiles } from '../shapes/sandbox-status';
import type { ToolDefinition } from '../shapes/tool-formats';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import type { ToolDraft, ToolRun } from '../shapes/tool-spec';
import type { WireCapture } from '../shapes/wire-capture';
import type { EvalActions } from './eval-actions';
import type { CompatProbe } from '../shapes/compat';
import type { LessonActions, LessonPlay } from './lesson-actions';
import type { SamplingActions } from './sampling-actions';
import type { ReplayRecord } from '../shapes/replay';
import type { InterceptorActions } from './interceptor-actions';
import type { McpActions } from './mcp-actions';
import type { SessionData } from './session-schema';

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
  /** The last deleted tool and where it stood, so the delete can be undone. */
  deletedTool: { draft: ToolDraft; index: number } | undefined;
  /** The last edit of several tools at once (`Make compatible with…`), with their sources before it, so it can be undone. */
  editedTools: { label: string; before: { id: string; source: string }[] } | undefined;
  /** False for a session opened from someone else's link until its viewer runs it. */
  handlersTrusted: boolean;
  /** Which provider's rules the Tools pane checks the tools against. */
  lintChoice: LintChoice;
  /** When tool calls wait for the person's approval. */
  approval: ApprovalPolicy;
  /** Pause before each model request and each tool execution (for teaching). */
  stepMode: boolean;
  /** Where the run waits for the person now, if anywhere. */
  pause: RunPause | undefined;
  /** Tool calls executing now (sandbox, handler, interceptors), by tool_call_id. */
  runningToolCalls: readonly string[];
  /** Whether the Evals region is shown in place of the Timeline. */
  evalsOpen: boolean;
  /** Presenter mode: large type for a projector, the editing panes hidden. */
  presenter: boolean;
  /** Whether the `Lesson` region (authoring) is shown in place of the Inspector. */
  lessonOpen: boolean;
  /** The lesson being played (a shared link with a lesson, or Preview lesson), or undefined. */
  lessonPlay: LessonPlay | undefined;
  /** The Timeline's view: the graph, or the sequence diagram. */
  timelineView: 'graph' | 'sequence';
  /** The last progress a running call reported (MCP `notifications/progress`), by tool_call_id. */
  toolCallProgress: Readonly<Record<string, McpProgress>>;
  /** The run's events, oldest first. */
  events: RunEvent[];
  /** The file open in the Files pane. */
  openFilePath: string | undefined;
  /** Why the session could not be saved or restored, if it could not. */
  storageProblem: string | undefined;
  /** Opened from someone's share link: nothing runs or changes until "Fork to edit". */
  readOnly: boolean;
  /** The replay frame shown (see replayFrames), or undefined for the whole session. */
  replayFrame: number | undefined;
  /** Each real provider step's request as sent and raw response, by step id — this tab only, never saved. */
  wireCaptures: Readonly<Record<string, WireCapture>>;
  /** The text the model in the browser read at each of its steps (its template rendered with the tools), by step id — this tab only, never saved. */
  localPrompts: Readonly<Record<string, string>>;
  /** Each MCP call's HTTP exchanges with its server, by call id (this tab only: never saved or shared). */
  mcpWire: Readonly<Record<string, McpWireRecord>>;
};

export type SessionActions = {
  selectTool(id: string): void;
  updateToolSource(id: string, source: string): void;
  setToolEnabled(id: string, enabled: boolean): void;
  setToolRun(id: string, run: ToolRun): void;
  /** Whether a successful call of the tool ends the run (seed 002 `is_terminal`). */
  setToolTerminal(id: string, terminal: boolean): void;
  /** Adds tools (renamed where a name is taken) and selects the first; `notes` say what their code could not. */
  addTools(tools: { definition: ToolDefinition; run: ToolRun; notes?: string[] }[]): void;
  /** Forgets what `Tool from code` noted on a tool. */
  dismissToolNotes(id: string): void;
  duplicateTool(id: string): void;
  renameTool(id: string, name: string): void;
  deleteTool(id: string): void;
  undoDeleteTool(): void;
  /** Replaces several tools' sources as one edit (`label` names it: "Make compatible with …"); undone by `undoToolEdit`. */
  editToolSources(label: string, changes: { id: string; source: string }[]): void;
  undoToolEdit(): void;
  moveTool(id: string, offset: -1 | 1): void;
  setDraft(draft: string): void;
  updateSettings(patch: Partial<RunSettings>): void;
  selectNode(id: string | undefined): void;
  setSandboxStatus(status: SandboxStatus): void;
  setSandboxChoice(choice: SandboxChoice): void;
  /** The sandbox's files as they are now (the sandbox reports every change). */
  setFiles(files: SandboxFiles): void;
  openFile(path: string | undefined): void;
  setStorageProblem(message: string | undefined): void;
  setReplayFrame(frame: number | undefined): void;
  /** Makes a shared session the person's own. */
  leaveReadOnly(): void;
  recordApproval(toolCallId: string, decision: ApprovalRecord): void;
  /** What Improve description found (the newest 20 are kept). */
  recordImprovement(record: ImprovementRecord): void;
  /** Which rewrite of an improvement is applied now (undefined: none, after Undo). */
  markImprovementApplied(id: string, applied: number | undefined): void;
  /** A question an MCP server asked while the call ran, as answered (the graph draws it). */
  recordMcpInput(toolCallId: string, record: McpInputRecord): void;
  /** How a finished call ended (the executor reports it; the timeline draws it). */
  recordOutcome(toolCallId: string, kind: ToolOutcomeKind): void;
  /** How long a call ran (Tool stats' durations). */
  recordDuration(toolCallId: string, durationMs: number): void;
  /**
   * A step the person made by hand (`Try this tool`): its messages join the conversation, the
   * call's outcome and duration are recorded as the executor records a model's.
   */
  addManualStep(
    messages: UIMessage[],
    call: { toolCallId: string; outcome: ToolOutcomeKind; durationMs: number },
  ): void;
  /** Keeps the active branch as it is and makes a new one with these messages active. */
  startBranch(messages: UIMessage[]): void;
  /** Replaces the session with another (a file, a link, storage); view and run state start fresh. */
  loadSession(session: SessionData, options: { trusted: boolean; readOnly?: boolean }): void;
  switchBranch(id: string): void;
  /** Adds branches beside the active one (Compare's runs); an empty active branch gives way to the first. */
  addBranches(added: { label: string; messages: UIMessage[] }[]): void;
  deleteBranch(id: string): void;
  trustHandlers(): void;
  setLintChoice(choice: LintChoice): void;
  setApproval(policy: ApprovalPolicy): void;
  setStepMode(on: boolean): void;
  setPause(pause: RunPause | undefined): void;
  /** A tool call started or stopped executing. */
  setToolCallRunning(toolCallId: string, running: boolean): void;
  addEvent(event: RunEvent): void;
  showEvals(open: boolean): void;
  setPresenter(on: boolean): void;
  setTimelineView(view: 'graph' | 'sequence'): void;
  /** A running call's progress (undefined: none any more). */
  setToolCallProgress(toolCallId: string, progress: McpProgress | undefined): void;
  recordWireCapture(stepId: string, capture: WireCapture): void;
  recordLocalPrompt(stepId: string, prompt: string): void;
  /** One more exchange of an MCP call with its server (or how many were past the cap). */
  recordMcpWire(toolCallId: string, line: McpWireLine): void;
  /** What a replay made of a branch (`Replay against the model`), kept with it. */
  setReplay(branchId: string, record: ReplayRecord): void;
  /** What a request was sent with, by fingerprint (kept once each; see `sentValuesOf`). */
  /** Keeps `Probe with my key` answers (the newest per tool and target; bounded). */
  addCompatProbes(probes: CompatProbe[]): void;
  recordSentValues(values: Readonly<Record<string, unknown>>): void;
} & InterceptorActions &
  McpActions &
  EvalActions &
  LessonActions &
  SamplingActions;

export type SessionStore = StoreApi<SessionState & SessionActions>;

/** Whether a run is in progress: a request in flight, a tool call executing, or a pause waiting for the person. */
export function isRunInProgress(state: Pick<SessionState, 'chatStatus' | 'pause' | 'runningToolCalls'>): boolean {
  return (
    state.chatStatus === 'submitted' ||
    state.chatStatus === 'streaming' ||
    state.pause !== undefined ||
    state.runningToolCalls.length > 0
  );
}
