'use client';

/** A small accessible tab strip: buttons with role "tab" in a labelled tablist. */
export function Tabs<T extends string>({
  label,
  tabs,
  labels,
  current,
  onChange,
}: {
  label: string;
  tabs: readonly T[];
  labels?: Record<T, string>;
  current: T;
  onChange: (tab: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === current}
          className={`rounded px-2 py-0.5 text-xs ${tab === current ? 'bg-[var(--selected)] font-semibold' : 'hover:bg-[var(--hover)]'}`}
          onClick={() => onChange(tab)}
        >
          {labels?.[tab] ?? tab}
        </button>
      ))}
    </div>
  );
}
