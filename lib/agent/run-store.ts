import type { StoreApi } from 'zustand/vanilla';
import type { SessionActions, SessionState } from '../session/session-state';

/**
 * What a run — the driver and the executor — reads and changes of the session, and nothing
 * else: the messages and the chat's status, the tools and settings it runs with, how to pause
 * or refuse, and where it reports events, approvals and outcomes. The session store is one.
 */
export type RunState = Pick<
  SessionState & SessionActions,
  | 'messages'
  | 'chatStatus'
  | 'chatError'
  | 'tools'
  | 'settings'
  | 'stepMode'
  | 'approval'
  | 'handlersTrusted'
  | 'readOnly'
  | 'addEvent'
  | 'recordApproval'
  | 'recordMcpInput'
  | 'recordMcpWire'
  | 'recordOutcome'
  | 'recordDuration'
  | 'setPause'
  | 'recordWireCapture'
  | 'recordLocalPrompt'
  | 'recordSentValues'
  | 'interceptors'
  | 'executor'
  | 'recordInterceptions'
  | 'outcomes'
  | 'setToolCallRunning'
  | 'runningToolCalls'
  | 'setToolCallProgress'
>;

export type RunStore = StoreApi<RunState>;
