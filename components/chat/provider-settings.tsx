'use client';

import { providerAddress } from '@/lib/providers/key-address';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { PROVIDER_CATALOG } from '@/lib/providers/provider-catalog';
import { PROVIDER_IDS, type ProviderId } from '@/lib/shapes/run-settings-defaults';
import { useEngine, useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import { useIdle } from '../ui/use-idle';
import { providersQueryOptions } from './providers-query';
import { lazy, Suspense } from 'react';

// Shown only once the model in the browser is chosen: not part of the first load.
const LocalModelPanel = lazy(() =>
  import('./local-model-panel').then((module) => ({ default: module.LocalModelPanel })),
);

/** Whether two base URLs are the same address (trailing slash aside). */

/** What every provider part needs: the settings, the server's answer, the typed key and the problems. */
function useProviderState() {
  const { keys } = useRuntime();
  const settings = useSession((state) => state.settings);
  const { updateSettings } = useSessionActions();
  // Asked once the page is idle: the list's contract (zod) is not the first screen's to load.
  const providers = useQuery({ ...providersQueryOptions, enabled: useIdle().idle });
  const typedKey = useStore(keys, (state) => state.keys[settings.provider]?.key ?? '');
  const info = providers.data?.find((provider) => provider.id === settings.provider);
  // Checked by zod, which loads with the engine just after the page: none are shown before.
  const problems = useEngine()?.checkSettings(settings) ?? [];
  const problemWith = (field: 'model' | 'baseURL') => problems.find((problem) => problem.field === field)?.message;
  return { keys, settings, updateSettings, providers, typedKey, info, problems, problemWith };
}

/** Provider and model: always in view above the message box. */
export function ProviderModelPicker() {
  const { settings, updateSettings, providers, info, problemWith } = useProviderState();
  const entry = PROVIDER_CATALOG[settings.provider];
  const presets = info?.presets ?? [];
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
    <>
      <select
        aria-label="Provider"
        className="control min-w-0 max-w-40"
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
        className="control w-36 min-w-0"
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
    </>
  );
}

/** The provider's one-line note and any problem with the settings, under the picker. */
export function ProviderNote() {
  const { settings, typedKey, info, problems } = useProviderState();
  return (
    <>
      {problems.length > 0 ? (
        <p id="settings-problems" role="alert" className="w-full text-xs text-role-error">
          {problems.map((problem) => problem.message).join(' ')}
        </p>
      ) : null}
      <p
        className={`w-full truncate text-xs ${info?.status === 'needs-key' && !typedKey ? 'text-role-call' : 'text-role-assistant'}`}
        title={info?.note}
      >
        {info?.note ??
          (settings.provider === 'simulated'
            ? 'Simulated — no API key; the same answers at temperature 0, and for the same seed above it.'
            : '')}{' '}
        Keys never go into a session, a share link or a log.
      </p>
    </>
  );
}

/** Where the next request goes beyond the provider: which OpenAI API, preset, base URL and key. */
export function ProviderConnection() {
  const { keys, settings, updateSettings, typedKey, info, problemWith } = useProviderState();
  const remember = useStore(keys, (state) => state.remember);
  const entry = PROVIDER_CATALOG[settings.provider];
  const presets = info?.presets ?? [];
  if (settings.provider === 'simulated') return null;
  if (settings.provider === 'browser')
    return (
      <Suspense fallback={<p className="muted text-xs">Loading…</p>}>
        <LocalModelPanel />
      </Suspense>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
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
            if (!preset) return;
            updateSettings({ baseURL: preset.baseURL, model: preset.models[0] ?? settings.model });
            keys.getState().confirmAddress(settings.provider, preset.baseURL);
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
      <input
        aria-label="Base URL"
        className="control w-full"
        value={settings.baseURL ?? ''}
        aria-invalid={problemWith('baseURL') ? true : undefined}
        placeholder={entry.defaultBaseURL ?? 'http://localhost:11434/v1'}
        onChange={(event) => updateSettings({ baseURL: event.target.value.trim() || undefined })}
        // An address the person typed themselves is one their key may go to.
        onBlur={() => keys.getState().confirmAddress(settings.provider, settings.baseURL)}
      />
      <input
        aria-label="API key"
        type="password"
        autoComplete="off"
        className="control min-w-0 flex-1"
        value={typedKey}
        placeholder={
          info?.serverKeyHome &&
          providerAddress(settings.provider, info.serverKeyHome) ===
            providerAddress(settings.provider, settings.baseURL ?? info.serverKeyHome)
            ? 'Using the server key'
            : 'Paste an API key'
        }
        onChange={(event) => keys.getState().setKey(settings.provider, event.target.value.trim(), settings.baseURL)}
      />
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => keys.getState().setRemember(event.target.checked)}
        />
        Remember keys in this tab
      </label>
    </div>
  );
}
