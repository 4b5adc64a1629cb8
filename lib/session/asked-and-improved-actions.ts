import { MAX_IMPROVEMENTS } from '../shapes/improvement-limits';
import { MAX_MCP_INPUT_ROUNDS } from '../shapes/mcp-input';
import type { SessionActions, SessionState } from './session-state';

type SetState = (partial: Partial<SessionState> | ((state: SessionState) => Partial<SessionState>)) => void;

/**
 * What the session keeps of what happened around a run: the questions MCP servers asked (by
 * call), each Improve description (the newest 20) and which of its rewrites is applied.
 */
export function createAskedAndImprovedActions(
  set: SetState,
): Pick<SessionActions, 'recordMcpInput' | 'recordImprovement' | 'markImprovementApplied'> {
  return {
    recordMcpInput: (toolCallId, record) =>
      set((state) => ({
        mcpInputs: {
          ...state.mcpInputs,
          [toolCallId]: [
            ...(Object.hasOwn(state.mcpInputs, toolCallId) ? state.mcpInputs[toolCallId] : []),
            record,
          ].slice(-MAX_MCP_INPUT_ROUNDS),
        },
      })),
    recordImprovement: (record) =>
      set((state) => ({ improvements: [...state.improvements, record].slice(-MAX_IMPROVEMENTS) })),
    markImprovementApplied: (id, applied) =>
      set((state) => ({
        improvements: state.improvements.map((each) => {
          if (each.id !== id) return each;
          const { applied: _was, ...rest } = each;
          return applied === undefined ? rest : { ...rest, applied };
        }),
      })),
  };
}
