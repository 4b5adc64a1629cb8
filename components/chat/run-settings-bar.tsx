'use client';

import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MAX_STEPS, type ProviderId, type ToolChoiceSetting } from '@/lib/session/run-settings';
import { useSession, useToolSetCheck } from '../playground/runtime-context';
import { providersQueryOptions } from './providers-query';

function encodeToolChoice(choice: ToolChoiceSetting | undefined): string {
  if (!choice) return 'auto';
  return typeof choice === 'string' ? choice : `tool:${choice.toolName}`;
}

function decodeToolChoice(value: string): ToolChoiceSetting {
  if (value.startsWith('tool:')) return { type: 'tool', toolName: value.slice(5) };
  return value as 'auto' | 'required' | 'none';
}

/** Provider, model and the run settings sent with every request. */
export function RunSettingsBar() {
  const settings = useSession((state) => state.settings);
  const updateSettings = useSession((state) => state.updateSettings);
  const providers = useQuery(providersQueryOptions);
  const { runnable } = useToolSetCheck();
  const current = providers.data?.find((provider) => provider.id === settings.provider);

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-[var(--border)] px-3 py-2 text-xs">
      <select
        aria-label="Provider"
        className="control"
        value={settings.provider}
        onChange={(event) => {
          const provider = providers.data?.find((candidate) => candidate.id === event.target.value);
          updateSettings({ provider: event.target.value as ProviderId, model: provider?.models[0] ?? settings.model });
        }}
      >
        {(providers.data ?? [{ id: 'simulated', label: 'Simulated', available: true, models: [], note: '' }]).map((provider) => (
          <option key={provider.id} value={provider.id} disabled={!provider.available}>
            {provider.label}
            {provider.available ? '' : ' (not available yet)'}
          </option>
        ))}
      </select>
      <select
        aria-label="Model"
        className="control"
        value={settings.model}
        onChange={(event) => updateSettings({ model: event.target.value })}
      >
        {(current?.models.length ? current.models : [settings.model]).map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1">
        <span className="muted">Tool choice</span>
        <select
          aria-label="Tool choice"
          className="control"
          value={encodeToolChoice(settings.toolChoice)}
          onChange={(event) => updateSettings({ toolChoice: decodeToolChoice(event.target.value) })}
        >
          <option value="auto">auto</option>
          <option value="required">required</option>
          <option value="none">none</option>
          {runnable.map(({ spec }) => (
            <option key={spec.name} value={`tool:${spec.name}`}>
              {spec.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={settings.parallelToolCalls ?? true}
          onChange={(event) => updateSettings({ parallelToolCalls: event.target.checked })}
        />
        Parallel tool calls
      </label>
      <label className="flex items-center gap-1">
        Max steps
        <input
          type="number"
          className="control w-14"
          min={1}
          max={100}
          value={settings.maxSteps ?? DEFAULT_MAX_STEPS}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 100) updateSettings({ maxSteps: value });
          }}
        />
      </label>
      {settings.provider === 'simulated' ? (
        <p className="w-full text-[11px] text-role-assistant">Simulated — no API key, deterministic.</p>
      ) : null}
    </div>
  );
}
