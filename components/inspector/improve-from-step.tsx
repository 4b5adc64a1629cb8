'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toolToImprove } from '@/lib/improve/improve-cases';
import type { SamplingRow } from '@/lib/evals/sampling/sampling-view';
import type { StepExpectation } from '@/lib/shapes/step-samples';
import { useSession } from '../runtime/runtime-context';

const ImproveDescriptionDialog = dynamic(() => import('../shared/improve-description-dialog'), { ssr: false });

/**
 * From a sampled step that did not always do what is expected of it: Improve description of the
 * tool it expects (or, when it expects no tool, the one its failing samples called most). The step
 * is one of the cases the rewrites are proposed from or measured on.
 */
export function ImproveFromStep({
  own,
  expect,
}: {
  own: SamplingRow | undefined;
  expect: StepExpectation | undefined;
}) {
  const readOnly = useSession((state) => state.readOnly);
  const [open, setOpen] = useState(false);
  const failing = own?.passes
    ? own.sampling.samples.filter((sample, index) => !sample.error && !own.passes?.[index])
    : [];
  const tool = expect && failing.length > 0 ? toolToImprove(expect, failing) : undefined;
  if (readOnly || !tool) return null;
  return (
    <p className="flex items-center gap-2 text-xs">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Improve description
      </button>
      <span className="muted">{`of ${tool}: ${failing.length} of ${own?.sampling.samples.length} samples did not do what is expected`}</span>
      {open ? <ImproveDescriptionDialog toolName={tool} onOpenChange={setOpen} /> : null}
    </p>
  );
}
