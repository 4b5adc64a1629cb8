import 'server-only';

/*
 * The server process's composition root: what every request of this process shares (the schema
 * checker, the link store and its limits, MCP connections, the guarded routes), each made on
 * first use. The one module of lib/server with state of its own (scripts/check-module-state.mjs).
 */

const shared = new Map<string, { key: string; value: unknown }>();

/** This process's one `name`, made by `make` the first time (and again when `key` — a setting it depends on — changes). */
export function processShared<T>(name: string, key: string, make: () => T): T {
  const slot = shared.get(name);
  if (slot && slot.key === key) return slot.value as T;
  const value = make();
  shared.set(name, { key, value });
  return value;
}

/** Forgets `name` if it is still `value` (a store that could not open is tried again on the next request). */
export function forgetProcessShared(name: string, value: unknown): void {
  if (shared.get(name)?.value === value) shared.delete(name);
}
