import { newId } from '../new-id';
import type { ExecutorSettings, Interception, Interceptor } from '../agent/interceptor-spec';
import type { SessionData } from './session-schema';

type InterceptorState = Pick<SessionData, 'interceptors' | 'executor' | 'interceptions'>;
type SetState = (update: (state: InterceptorState) => Partial<InterceptorState>) => void;

export type InterceptorActions = {
  /** Adds an interceptor at the end (its name made unique) and returns its id. */
  addInterceptor(template: Omit<Interceptor, 'id' | 'enabled'>): string;
  updateInterceptor(id: string, patch: Partial<Omit<Interceptor, 'id'>>): void;
  moveInterceptor(id: string, offset: -1 | 1): void;
  deleteInterceptor(id: string): void;
  setExecutorSettings(patch: Partial<ExecutorSettings>): void;
  /** What interceptors did to a call (the timeline and the event log show it). */
  recordInterceptions(toolCallId: string, records: readonly Interception[]): void;
};

/** The session's interceptor actions (seed 003): the person's list, the executor flags, what acted on each call. */
export function createInterceptorActions(set: SetState): InterceptorActions {
  return {
    addInterceptor: (template) => {
      const id = `interceptor-${newId()}`;
      set((state) => {
        const names = new Set(state.interceptors.map((each) => each.name));
        let name = template.name;
        for (let n = 2; names.has(name); n++) name = `${template.name} ${n}`;
        return { interceptors: [...state.interceptors, { ...template, id, name, enabled: true }] };
      });
      return id;
    },
    updateInterceptor: (id, patch) =>
      set((state) => ({
        interceptors: state.interceptors.map((each) => (each.id === id ? { ...each, ...patch } : each)),
      })),
    moveInterceptor: (id, offset) =>
      set((state) => {
        const index = state.interceptors.findIndex((each) => each.id === id);
        const target = index + offset;
        if (index === -1 || target < 0 || target >= state.interceptors.length) return {};
        const interceptors = [...state.interceptors];
        [interceptors[index], interceptors[target]] = [interceptors[target], interceptors[index]];
        return { interceptors };
      }),
    deleteInterceptor: (id) => set((state) => ({ interceptors: state.interceptors.filter((each) => each.id !== id) })),
    setExecutorSettings: (patch) => set((state) => ({ executor: { ...state.executor, ...patch } })),
    recordInterceptions: (toolCallId, records) => {
      if (records.length === 0) return;
      set((state) => ({
        interceptions: {
          ...state.interceptions,
          [toolCallId]: [
            ...((Object.hasOwn(state.interceptions, toolCallId) && state.interceptions[toolCallId]) || []),
            ...records,
          ].slice(-40),
        },
      }));
    },
  };
}
