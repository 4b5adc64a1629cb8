'use client';

/** JSON with syntax colour and folding: objects and arrays open and close; a copy button on top. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return (
    <div className="relative">
      <button
        type="button"
        className="button absolute right-1 top-1 text-xs"
        aria-label="Copy JSON"
        title={`Copy ${label}`}
        onClick={() => void navigator.clipboard?.writeText(text)}
      >
        Copy
      </button>
      <div role="group" aria-label={label} className="code overflow-auto font-mono text-xs leading-4">
        <JsonValue value={value} depth={0} />
      </div>
    </div>
  );
}

function JsonValue({ value, depth }: { value: unknown; depth: number }) {
  if (value === null || typeof value !== 'object') {
    const colour =
      typeof value === 'string'
        ? 'text-emerald-700 dark:text-emerald-400'
        : typeof value === 'number'
          ? 'text-sky-700 dark:text-sky-400'
          : 'text-fuchsia-700 dark:text-fuchsia-400';
    return <span className={`whitespace-pre-wrap break-words ${colour}`}>{JSON.stringify(value) ?? 'undefined'}</span>;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return <span>{open + close}</span>;
  return (
    <details open={depth < 4} className="inline [&[open]>summary>.fold]:hidden">
      <summary className="inline cursor-pointer list-none">
        {open}
        <span className="fold muted">
          {' '}
          {entries.length} {Array.isArray(value) ? 'items' : 'keys'} {close}
        </span>
      </summary>
      {entries.map(([key, item], index) => (
        <div key={key} className="pl-4">
          {Array.isArray(value) ? null : (
            <span className="text-violet-700 dark:text-violet-400">{JSON.stringify(key)}: </span>
          )}
          <JsonValue value={item} depth={depth + 1} />
          {index < entries.length - 1 ? ',' : ''}
        </div>
      ))}
      <span>{close}</span>
    </details>
  );
}
