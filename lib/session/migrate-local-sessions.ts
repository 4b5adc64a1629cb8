import type { SessionKeyValue } from './session-key-value';

/** Prefix of every saved session's key (and of the backups of unreadable ones). */
export const SESSION_KEY_PREFIX = 'tool-playground:session:';

/**
 * Moves sessions saved by earlier versions in localStorage into the session store
 * (IndexedDB). A key already there is not overwritten; each moved key is removed from
 * localStorage only after it was written. Returns how many were moved.
 */
export async function migrateLocalSessions(local: Storage, target: SessionKeyValue): Promise<number> {
  const keys = Array.from({ length: local.length }, (_, index) => local.key(index)).filter(
    (key): key is string => key?.startsWith(SESSION_KEY_PREFIX) === true,
  );
  let moved = 0;
  for (const key of keys) {
    const text = local.getItem(key);
    if (text === null) continue;
    if ((await target.get(key)) === undefined) await target.set(key, text);
    local.removeItem(key);
    moved++;
  }
  return moved;
}
