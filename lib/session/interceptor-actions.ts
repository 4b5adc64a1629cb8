import { newId } from '../shapes/new-id';
import type { ExecutorSettings, Interception, Interceptor } from '../shapes/interceptor-spec';
import { type Added, clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import type { SessionData } from './session-schema';

type InterceptorState = Pick<SessionData, 'interceptors' | 'executor' | 'interceptions'>;
type SetState = (update: (state: InterceptorState) => Partial<InterceptorState>) => void;
type GetState = () => InterceptorState;

export type InterceptorActions = {
  /**
   * Adds an interceptor at the end (its name made unique) and returns its id; a session holds
   * at most `SESSION_LIMITS.interceptors`, past that it refuses with a sentence.
   */
  addInterceptor(template: Omit<Interceptor, 'id' | 'enabled'>): Added;
  updateInterceptor(id: string, patch: Partial<Omit<Interceptor, 'id'>>): void;
  moveInterceptor(id: string, offset: -1 | 1): void;
  deleteInterceptor(id: string): void;
  setExecutorSettings(patch: Partial<ExecutorSettings>): void;
  /** What interceptors did to a call (the timeline and the event log show it). */
  recordInterceptions(toolCallId: string, records: readonly Interception[]): void;
};

/** An interceptor's name and code within what a saved session holds. */
const bounded = <T extends Partial<Pick<Interceptor, 'name' | 'code'>>>(value: T): T => ({
  ...value,
  ...(value.name === undefined
    ? {}
    : { name: clipToLimit(value.name, SESSION_LIMITS.interceptorNameChars) || 'unnamed' }),
  ...(value.code === undefined ? {} : { code: value.code.slice(0, SESSION_LIMITS.interceptorCodeChars) }),
});

/** The session's interceptor actions (seed 003): the person's list, the executor flags, what acted on each call. */
export function createInterceptorActions(set: SetState, get: GetState): InterceptorActions {
  return {
    addInterceptor: (template) => {
      if (get().interceptors.length >= SESSION_LIMITS.interceptors)
        return {
          ok: false,
          message: `A session holds at most ${SESSION_LIMITS.interceptors} interceptors: delete one to add another.`,
        };
      const id = `interceptor-${newId()}`;
      set((state) => {
        const names = new Set(state.interceptors.map((each) => each.name));
        const base = clipToLimit(template.name, SESSION_LIMITS.interceptorNameChars - 3) || 'unnamed';
        let name = base;
        for (let n = 2; names.has(name); n++) name = `${base} ${n}`;
        return { interceptors: [...state.interceptors, bounded({ ...template, id, name, enabled: true })] };
      });
      return { ok: true, id };
    },
    updateInterceptor: (id, patch) =>
      set((state) => ({
        interceptors: state.interceptors.map((each) => (each.id === id ? bounded({ ...each, ...patch, id }) : each)),
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
      const kept = records.map((each) => ({
        ...each,
        interceptor: clipToLimit(each.interceptor, SESSION_LIMITS.interceptorNameChars),
        detail: clipToLimit(each.detail, SESSION_LIMITS.interceptionDetailChars),
      }));
      set((state) => {
        const earlier = Object.hasOwn(state.interceptions, toolCallId) ? state.interceptions[toolCallId] : [];
        return {
          interceptions: {
            ...state.interceptions,
            [toolCallId]: [...earlier, ...kept].slice(-SESSION_LIMITS.interceptionsPerCall),
          },
        };
      });
    },
  };
}
