import { newId } from '../shapes/new-id';
import { clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import type { SessionActions, SessionState } from './session-state';

type SetState = (partial: Partial<SessionState> | ((state: SessionState) => Partial<SessionState>)) => void;

/** The session's branches: start one from an edit, switch to another (a view change), add, delete. */
export function createBranchActions(
  set: SetState,
  view: SetState,
): Pick<SessionActions, 'startBranch' | 'switchBranch' | 'addBranches' | 'deleteBranch'> {
  return {
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
  };
}
