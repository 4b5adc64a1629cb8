'use client';

import { TOOL_CATEGORIES, checkToolsetCoverage } from '@/lib/tools/toolset-coverage';
import { TOOL_TEMPLATES } from '@/lib/tools/tool-templates';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

/** The first template that would cover a category, offered where the list lacks it. */
function templateFor(categoryId: string) {
  const category = TOOL_CATEGORIES.find((each) => each.id === categoryId);
  const names: readonly string[] = category ? [...category.required, ...category.also] : [];
  return TOOL_TEMPLATES.find((template) => names.includes(template.definition.name));
}

/** Seed 002 §11 coverage of the tools the next run sends, and its short label (`Coverage 7/10`). */
export function useToolsetCoverage() {
  const { runnable, pending } = useToolSetCheck();
  const coverage = checkToolsetCoverage(runnable.map((tool) => tool.spec.name));
  return { coverage, label: `Coverage ${pending ? '…' : coverage.covered}/${coverage.categories.length}` };
}

/**
 * Seed 002 §11 coverage of the tools the next run sends: which of the ten categories they
 * cover and which they lack, with the template that fills each gap one click away.
 */
export function ToolsetCoverageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { coverage } = useToolsetCoverage();
  const readOnly = useSession((state) => state.readOnly);
  const addTools = useSession((state) => state.addTools);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Toolset coverage"
      className="w-[min(32rem,calc(100vw-1rem))]"
    >
      <p className="muted mb-1 text-xs">
        Seed 002 §11: an agent environment needs tools in every category. The next run covers {coverage.covered} of{' '}
        {coverage.categories.length} ({coverage.coveragePercent}%).
      </p>
      <ul aria-label="Categories" className="flex flex-col gap-1 text-xs">
        {coverage.categories.map((category) => {
          const template = category.present.length === 0 ? templateFor(category.id) : undefined;
          return (
            <li key={category.id} className="flex flex-wrap items-center gap-1">
              <span aria-hidden="true">{category.present.length > 0 ? '✓' : '✗'}</span>
              <span className="font-semibold">{category.label}</span>
              <span className="sr-only">{category.present.length > 0 ? ': covered' : ': missing'}</span>
              {category.present.length > 0 ? (
                <span className="muted font-mono">{category.present.join(', ')}</span>
              ) : template ? (
                <button type="button" className="button" disabled={readOnly} onClick={() => addTools([template])}>
                  Add {template.definition.name}
                </button>
              ) : (
                <span className="muted">none</span>
              )}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
