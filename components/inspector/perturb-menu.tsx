'use client';

import { liveUserFor } from '../shared/conversation-actions';
import { PERTURB_PRESETS, type PerturbPreset } from '@/lib/what-if/perturb-presets';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useRuntime, useSession } from '../runtime/runtime-context';
import { Menu, MenuItem } from '../ui/menu';

/** What a perturbation came to: the model's reaction, or why it did not run. */
export type Perturbed = { preset: PerturbPreset; ok: boolean; text: string } | { preset: PerturbPreset; running: true };

/**
 * `Perturb result` on a finished tool result: a preset's result in its place on a new branch, the
 * run replayed up to it and live from it; the pane shows what the model did (it outlives the
 * selection, which the new branch clears).
 */
export function PerturbMenu({
  node,
  onPerturbed,
}: {
  node: PositionedNode;
  onPerturbed: (perturbed: Perturbed) => void;
}) {
  const runtime = useRuntime();
  const readOnly = useSession((state) => state.readOnly);
  if (node.kind !== 'tool-result' || !node.detail.finished || readOnly) return null;
  const { toolCallId } = node.detail;
  const perturb = (preset: PerturbPreset) => {
    onPerturbed({ preset, running: true });
    // A conversation's simulated user answers live after the changed result.
    void runtime.perturbResult(toolCallId, preset, liveUserFor(runtime)).then((result) =>
      onPerturbed(
        result.ok
          ? {
              preset,
              ok: true,
              text: `${preset}: the model ${result.outcome === 'answered' ? 'answered' : result.outcome} (${result.record.served} answers from the recording, ${result.record.live} live). Sample the next step to see how often.`,
            }
          : { preset, ok: false, text: result.message },
      ),
    );
  };
  return (
    <Menu label="Perturb result" triggerClassName="button self-start text-xs">
      {PERTURB_PRESETS.map((preset) => (
        <MenuItem key={preset} onSelect={() => perturb(preset)}>
          {preset}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The pane's line for the last perturbation. */
export function PerturbedStatus({ perturbed }: { perturbed: Perturbed }) {
  if ('running' in perturbed)
    return (
      <p role="status" className="px-3 text-xs">
        Perturbing with “{perturbed.preset}”…
      </p>
    );
  return (
    <p role={perturbed.ok ? 'status' : 'alert'} className={`px-3 text-xs ${perturbed.ok ? '' : 'text-role-error'}`}>
      {perturbed.text}
    </p>
  );
}
