'use client';

import { useSession } from '../playground/runtime-context';

/** Says which sandbox runs the tools, always (UI contract: a status starting "Sandbox:"). */
export function SandboxStatusLine() {
  const sandbox = useSession((state) => state.sandbox);
  const text =
    sandbox.kind === 'starting'
      ? 'Sandbox: starting…'
      : sandbox.kind === 'ready'
        ? `Sandbox: ${sandbox.label}`
        : `Sandbox: failed to start — ${sandbox.message}`;
  return (
    <p role="status" className={`text-xs ${sandbox.kind === 'failed' ? 'text-red-600' : 'muted'}`}>
      {text}
    </p>
  );
}
