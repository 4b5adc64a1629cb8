/** One saved session in the list. */
export type SessionEntry = { id: string; name: string; updatedAtMs: number };

/** A name not yet in the list: "Base", else "Base 2", "Base 3", … */
export function uniqueSessionName(base: string, entries: readonly SessionEntry[]): string {
  const taken = new Set(entries.map((entry) => entry.name));
  if (!taken.has(base)) return base;
  for (let number = 2; ; number++) if (!taken.has(`${base} ${number}`)) return `${base} ${number}`;
}

/** Reads the saved list, ignoring anything malformed. */
export function parseSessionIndex(text: string | null): SessionEntry[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is SessionEntry =>
            typeof entry?.id === 'string' && typeof entry?.name === 'string' && typeof entry?.updatedAtMs === 'number',
        )
      : [];
  } catch {
    return [];
  }
}
