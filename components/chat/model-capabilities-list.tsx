'use client';

import {
  CAPABILITIES,
  CAPABILITY_LABELS,
  type ModelCapabilities,
  type Support,
} from '@/lib/providers/model-capabilities';

/** Why a setting is greyed: what the capability table says the model cannot do. */
export function UnsupportedNote({ support }: { support: Support }) {
  if (support.supported) return null;
  return <span className="muted basis-full text-xs">{support.reason}</span>;
}

/** Every capability of the selected model, each with why not where it has not got it. */
export function ModelCapabilitiesList({ capabilities, model }: { capabilities: ModelCapabilities; model: string }) {
  const missing = CAPABILITIES.filter((capability) => !capabilities.support[capability].supported).length;
  return (
    <details>
      <summary className="muted cursor-pointer">
        What {model || 'this model'} can do{missing > 0 ? ` (${missing} not)` : ''}
      </summary>
      <ul aria-label="Model capabilities" className="mt-1 flex flex-col gap-0.5 text-xs">
        {CAPABILITIES.map((capability) => {
          const support = capabilities.support[capability];
          return (
            <li key={capability}>
              <span aria-hidden="true">{support.supported ? '✓' : '✗'}</span> {CAPABILITY_LABELS[capability]}
              {support.supported ? null : <span className="muted"> — {support.reason}</span>}
              <span className="sr-only">{support.supported ? ': yes' : ': no'}</span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
