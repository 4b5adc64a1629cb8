'use client';

import { useState } from 'react';
import { probeCompat, probeSettings } from '@/lib/evals/compat/probe-compat';
import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatTargetId } from '@/lib/shapes/compat';
import type { ToolSpec } from '@/lib/shapes/tool-spec';
import { useRuntime } from '../runtime/runtime-context';

const PROBEABLE = COMPAT_TARGETS.filter((target) => COMPAT_TARGET_INFO[target].format);

/**
 * `Probe with my key`: one minimal request per tool to the chosen target, with the key typed for
 * its provider (or the server's); each answer becomes that cell's verdict (`probed`), kept in the
 * session. It costs a request per tool: it runs only when asked.
 */
export function ProbeForm({ specs }: { specs: readonly ToolSpec[] }) {
  const runtime = useRuntime();
  const [target, setTarget] = useState<CompatTargetId>('openai-chat-strict');
  const [state, setState] = useState<{ running: boolean; said?: { ok: boolean; text: string } }>({ running: false });
  const probe = async () => {
    setState({ running: true });
    const { settings } = runtime.store.getState();
    const probed = probeSettings(target, settings);
    try {
      const engine = await runtime.loadEngine();
      const headers = probed?.provider ? runtime.headersFor(probed.provider, probed.baseURL) : {};
      const result = await probeCompat({
        specs,
        target,
        session: settings,
        deps: { fetch: window.fetch.bind(window), headers, checker: engine.checker },
      });
      runtime.store.getState().addCompatProbes(result.probes);
      const rejected = result.probes.filter((each) => each.status < 200 || each.status >= 300).length;
      setState({
        running: false,
        said: result.refused
          ? { ok: false, text: result.refused }
          : {
              ok: true,
              text: `${COMPAT_TARGET_INFO[target].label} answered ${result.probes.length} ${result.probes.length === 1 ? 'probe' : 'probes'} (${probed?.model}): ${result.probes.length - rejected} accepted, ${rejected} refused.`,
            },
      });
    } catch (error) {
      setState({ running: false, said: { ok: false, text: error instanceof Error ? error.message : String(error) } });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-1">
        <span>Probe</span>
        <select
          aria-label="Target to probe"
          className="control py-0.5"
          value={target}
          onChange={(event) => setTarget(event.target.value as CompatTargetId)}
        >
          {PROBEABLE.map((each) => (
            <option key={each} value={each}>
              {COMPAT_TARGET_INFO[each].label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button"
        disabled={state.running || specs.length === 0}
        title="One request per tool to this provider, with your key: its answer becomes the cell's verdict"
        onClick={() => void probe()}
      >
        Probe with my key
      </button>
      {state.running ? <span role="status">Probing {specs.length} tools…</span> : null}
      {state.said ? (
        <span role={state.said.ok ? 'status' : 'alert'} className={state.said.ok ? 'muted' : 'text-role-error'}>
          {state.said.text}
        </span>
      ) : null}
    </div>
  );
}
