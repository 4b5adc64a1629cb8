export type RawSet = (partial: unknown, replace?: boolean) => void;

/**
 * `set` that merges with a spread and hands zustand the whole next state: zustand's own merge
 * (`Object.assign({}, state, partial)`) costs ~20 µs on the session's 74-key state against ~2 µs, and a
 * run writes the store dozens of times a step (see docs/decisions/first-load.md).
 */
export function mergeBySpreading(set: RawSet, get: () => object): RawSet {
  return (partial, replace) => {
    const next = typeof partial === 'function' ? (partial as (state: object) => unknown)(get()) : partial;
    if (replace || typeof next !== 'object' || next === null || next === get()) set(next, replace);
    else set({ ...get(), ...next }, true);
  };
}
