'use client';

import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { PROVIDER_CATALOG } from '@/lib/providers/provider-catalog';
import { checkSendableSettings, PROVIDER_IDS, type ProviderId } from '@/lib/session/run-settings';
import { useRuntime, useSession, useSessionActions } from '../playground/runtime-context';
import { providersQueryOptions } from './providers-query';

/** Whether two base URLs are the same address (trailing slash aside). */
const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Provider, model, key and base URL: where the next request goes. */
export function ProviderSettings() {
  const { keys } = useRuntime();
  const settings = useSession((state) => state.settings);
  const { updateSettings } = useSessionActions();
  const providers = useQuery(providersQueryOptions);
  const typedKey = useStore(keys, (state) => state.keys[settings.provider] ?? '');
  const remember = useStore(keys, (state) => state.remember);
  const info = providers.data?.find((provider) => provider.id === settings.provider);
  const entry = PROVIDER_CATALOG[settings.provider];
  const presets = info?.presets ?? [];
  const problems = checkSendableSettings(settings);
  const problemWith = (field: 'model' | 'baseURL') => problems.find((problem) => problem.field === field)?.message;
  const modelOptions = [...new Set([...(info?.models ?? entry.models), ...presets.flatMap((preset) => preset.models)])];

  const chooseProvider = (id: ProviderId) => {
    const next = providers.data?.find((provider) => provider.id === id);
    const preset = next?.presets[0];
    updateSettings({
      provider: id,
      model: next?.models[0] ?? preset?.models[0] ?? PROVIDER_CATALOG[id].models[0] ?? '',
      baseURL: preset?.baseURL,
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label="Provider"
        className="control"
        value={settings.provider}
        onChange={(event) => chooseProvider(event.target.value as ProviderId)}
      >
        {PROVIDER_IDS.map((id) => {
          const status = providers.data?.find((provider) => provider.id === id)?.status;
          return (
            <option key={id} value={id}>
              {PROVIDER_CATALOG[id].label}
              {status === 'needs-key' ? ' (needs a key)' : ''}
            </option>
          );
        })}
      </select>
      <input
        aria-label="Model"
        className="control w-40"
        list="model-options"
        value={settings.model}
        aria-invalid={problemWith('model') ? true : undefined}
        aria-describedby={problemWith('model') ? 'settings-problems' : undefined}
        placeholder="model id"
        onChange={(event) => updateSettings({ model: event.target.value })}
      />
      <datalist id="model-options">
        {modelOptions.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      {settings.provider === 'openai' ? (
        <select
          aria-label="OpenAI API"
          className="control"
          value={settings.openaiApi ?? 'responses'}
          onChange={(event) => updateSettings({ openaiApi: event.target.value as 'responses' | 'chat' })}
        >
          <option value="responses">Responses API</option>
          <option value="chat">Chat Completions</option>
        </select>
      ) : null}
      {settings.provider === 'openai-compatible' ? (
        <select
          aria-label="Preset"
          className="control"
          value={presets.find((preset) => preset.baseURL === settings.baseURL)?.id ?? 'custom'}
          onChange={(event) => {
            const preset = presets.find((candidate) => candidate.id === event.target.value);
            if (preset) updateSettings({ baseURL: preset.baseURL, model: preset.models[0] ?? settings.model });
          }}
        >
          {presets.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      ) : null}
      {settings.provider !== 'simulated' ? (
        <>
          <input
            aria-label="Base URL"
            className="control w-56"
            value={settings.baseURL ?? ''}
            aria-invalid={problemWith('baseURL') ? true : undefined}
            aria-describedby={problemWith('baseURL') ? 'settings-problems' : undefined}
            placeholder={entry.defaultBaseURL ?? 'http://localhost:11434/v1'}
            onChange={(event) => updateSettings({ baseURL: event.target.value.trim() || undefined })}
          />
          <input
            aria-label="API key"
            type="password"
            autoComplete="off"
            className="control w-44"
            value={typedKey}
            placeholder={
              info?.serverKeyHome && sameAddress(info.serverKeyHome, settings.baseURL ?? info.serverKeyHome)
                ? 'Using the server key'
                : 'Paste an API key'
            }
            onChange={(event) => keys.getState().setKey(settings.provider, event.target.value.trim())}
          />
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => keys.getState().setRemember(event.target.checked)}
            />
            Remember keys in this tab
          </label>
        </>
      ) : null}
      {problems.length > 0 ? (
        <p id="settings-problems" role="alert" className="w-full text-[11px] text-role-error">
          {problems.map((problem) => problem.message).join(' ')}
        </p>
      ) : null}
      <p
        className={`w-full text-[11px] ${info?.status === 'needs-key' && !typedKey ? 'text-role-call' : 'text-role-assistant'}`}
      >
        {info?.note ?? (settings.provider === 'simulated' ? 'Simulated — no API key, deterministic.' : '')} Keys never
        go into a session, a share link or a log.
      </p>
    </div>
  );
}
