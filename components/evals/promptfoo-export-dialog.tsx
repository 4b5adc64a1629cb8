'use client';

import { useState } from 'react';
import { Dialog } from '../ui/dialog';
import type { PromptfooExportPlan } from './use-promptfoo-files';

/**
 * `Export as promptfoo config`, when there is something to confirm first: the file is code for
 * promptfoo, so a base URL goes in only when ticked here, and a session from someone's link says so.
 */
export function PromptfooExportDialog({
  plan,
  onClose,
  onExport,
}: {
  plan: PromptfooExportPlan | undefined;
  onClose: () => void;
  onExport: (confirmedBaseUrls: string[]) => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  return (
    <Dialog
      open={plan !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
        setTicked(new Set());
      }}
      title="Export as promptfoo config"
      description="promptfoo runs this file: every value is written so that promptfoo reads it as text, never as a template or a file to load."
    >
      {plan?.fromLink ? (
        <p role="note" className="text-xs">
          This session came from someone else’s link. Its tools, prompts and checks are theirs: read the file before you
          run it with your keys.
        </p>
      ) : null}
      {plan && plan.addresses.length > 0 ? (
        <fieldset className="grid gap-1 text-xs">
          <legend className="font-semibold">
            Addresses promptfoo would send your key to (left out unless ticked: promptfoo then uses the provider’s own)
          </legend>
          {plan.addresses.map(({ url, configs }) => (
            <label key={url} className="flex items-start gap-2">
              <input
                type="checkbox"
                checked={ticked.has(url)}
                onChange={(event) => {
                  const next = new Set(ticked);
                  if (event.target.checked) next.add(url);
                  else next.delete(url);
                  setTicked(next);
                }}
              />
              <span>
                Send {configs.join(', ')} to <code className="break-all">{url}</code>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex justify-end">
        <button
          type="button"
          className="button"
          onClick={() => {
            onExport([...ticked]);
            setTicked(new Set());
          }}
        >
          Write promptfooconfig.yaml
        </button>
      </div>
    </Dialog>
  );
}
