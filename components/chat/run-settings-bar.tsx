'use client';

import dynamic from 'next/dynamic';
import { resolveToolCallingMode } from '@/lib/providers/modes/resolve-tool-calling-mode';
import type { ToolCallingModeSetting } from '@/lib/shapes/run-settings-defaults';
import type { RunSettings, ToolChoiceSetting } from '@/lib/shapes/run-settings';
import { DEFAULT_MAX_STEPS } from '@/lib/shapes/run-settings-defaults';
import { APPROVAL_POLICIES, type ApprovalPolicy } from '@/lib/shapes/approval';
import { useSession, useSessionActions, useToolSetCheck } from '../runtime/runtime-context';
import { Popover } from '../ui/popover';
import { ProviderConnection, ProviderModelPicker, ProviderNote } from './provider-settings';
import { HistorySettingsFields } from './history-settings';
import { ModelCapabilitiesList, UnsupportedNote } from './model-capabilities-list';
import { capabilitiesOf } from '@/lib/providers/model-capabilities';
import { StrictNote } from './strict-note';

/** The scripted model's editor (it validates with zod): loaded when the scripted model is chosen. */
const ScriptEditor = dynamic(() => import('./script-editor').then((module) => module.ScriptEditor), {
  loading: () => <p className="muted text-xs">Loading the script editor…</p>,
});

const MODE_OPTIONS: [ToolCallingModeSetting, string][] = [
  ['auto', 'Auto (by model name)'],
  ['native', 'Native tool calling'],
  ['structured', 'Structured output (JSON schema)'],
  ['validated', 'Validated (ReAct JSON, checked)'],
  ['parsed', 'Parsed (JSON, unvalidated)'],
];

function encodeToolChoice(choice: ToolChoiceSetting | undefined): string {
  if (!choice) return 'auto';
  return typeof choice === 'string' ? choice : `tool:${choice.toolName}`;
}

function decodeToolChoice(value: string): ToolChoiceSetting {
  if (value.startsWith('tool:')) return { type: 'tool', toolName: value.slice(5) };
  return value as 'auto' | 'required' | 'none';
}

/** A few words for what the closed settings hold, beside their button. */
function summarise(settings: RunSettings, approval: ApprovalPolicy, stepMode: boolean): string {
  const { support } = capabilitiesOf(settings);
  return [
    settings.provider === 'simulated'
      ? undefined
      : `mode → ${resolveToolCallingMode(settings.mode, settings.provider, settings.model)}`,
    support.toolChoice.supported ? `choice ${encodeToolChoice(settings.toolChoice).replace('tool:', '')}` : undefined,
    support.parallelToolCalls.supported
      ? settings.parallelToolCalls === false
        ? 'one call at a time'
        : 'parallel'
      : undefined,
    `≤ ${settings.maxSteps ?? DEFAULT_MAX_STEPS} steps`,
    approval === 'run-everything' ? undefined : APPROVAL_POLICIES[approval].toLowerCase(),
    stepMode ? 'step mode' : undefined,
    settings.history && settings.history.strategy !== 'none' ? `history: ${settings.history.strategy}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How tools are offered: the mode, the tool choice, parallel calls (each greyed where the model has none). */
function ToolCallingFields() {
  const settings = useSession((state) => state.settings);
  const updateSettings = useSession((state) => state.updateSettings);
  const { runnable } = useToolSetCheck();
  const { support } = capabilitiesOf(settings);
  return (
    <>
      <label className="flex items-center gap-1">
        <span className="muted">Mode</span>
        <select
          aria-label="Tool-calling mode"
          className="control"
          value={settings.mode ?? 'auto'}
          disabled={settings.provider === 'simulated'}
          onChange={(event) => updateSettings({ mode: event.target.value as ToolCallingModeSetting })}
        >
          {MODE_OPTIONS.map(([value, label]) => (
            <option
              key={value}
              value={value}
              disabled={
                (value === 'native' && !support.tools.supported) ||
                (value === 'structured' && !support.jsonMode.supported)
              }
            >
              {label}
            </option>
          ))}
        </select>
        <span className="muted" aria-live="polite">
          → {resolveToolCallingMode(settings.mode, settings.provider, settings.model)}
        </span>
      </label>
      <label className="flex flex-wrap items-center gap-1">
        <span className="muted">Tool choice</span>
        <select
          aria-label="Tool choice"
          className="control"
          disabled={!support.toolChoice.supported}
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
        <UnsupportedNote support={support.toolChoice} />
      </label>
      <label className="flex flex-wrap items-center gap-1">
        <input
          type="checkbox"
          disabled={!support.parallelToolCalls.supported}
          checked={settings.parallelToolCalls ?? true}
          onChange={(event) => updateSettings({ parallelToolCalls: event.target.checked })}
        />
        Parallel tool calls
        <UnsupportedNote support={support.parallelToolCalls} />
      </label>
    </>
  );
}

/** Where the run waits for the person, and how long it may go: approval, step mode, max steps. */
function RunControlFields() {
  const maxSteps = useSession((state) => state.settings.maxSteps);
  const updateSettings = useSession((state) => state.updateSettings);
  const approval = useSession((state) => state.approval);
  const stepMode = useSession((state) => state.stepMode);
  const { setApproval, setStepMode } = useSessionActions();
  return (
    <>
      <label className="flex items-center gap-1">
        <span className="muted">Approval</span>
        <select
          aria-label="Approval"
          className="control"
          value={approval}
          onChange={(event) => setApproval(event.target.value as ApprovalPolicy)}
        >
          {(Object.keys(APPROVAL_POLICIES) as ApprovalPolicy[]).map((policy) => (
            <option key={policy} value={policy}>
              {APPROVAL_POLICIES[policy]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={stepMode} onChange={(event) => setStepMode(event.target.checked)} />
        Step mode
      </label>
      <label className="flex items-center gap-1">
        Max steps
        <input
          type="number"
          className="control w-14"
          min={1}
          max={100}
          value={maxSteps ?? DEFAULT_MAX_STEPS}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 100) updateSettings({ maxSteps: value });
          }}
        />
      </label>
    </>
  );
}

/** A whole number at least `min`, or none (the provider's default) when the box is empty or not one. */
const wholeOrNone = (text: string, min: number): number | undefined => {
  const value = Number(text);
  return text === '' || !Number.isInteger(value) || value < min ? undefined : value;
};

/** `More settings`: temperature, the simulated model's seed, max output tokens, system instructions. */
function MoreSettings() {
  const settings = useSession((state) => state.settings);
  const updateSettings = useSession((state) => state.updateSettings);
  return (
    <details>
      <summary className="muted cursor-pointer">More settings</summary>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          Temperature
          <input
            type="number"
            className="control w-16"
            min={0}
            max={2}
            step={0.1}
            value={settings.temperature ?? ''}
            placeholder="default"
            onChange={(event) =>
              updateSettings({
                temperature:
                  event.target.value === '' ? undefined : Math.min(2, Math.max(0, Number(event.target.value))),
              })
            }
          />
        </label>
        <label
          className="flex items-center gap-1"
          title="The simulated model's seed: above temperature 0 it draws its choices from it (the same seed, the same answers). Real providers are not sent it."
        >
          Seed
          <input
            type="number"
            className="control w-20"
            min={0}
            step={1}
            value={settings.seed ?? ''}
            placeholder="0"
            onChange={(event) => updateSettings({ seed: wholeOrNone(event.target.value, 0) })}
          />
        </label>
        <label className="flex items-center gap-1">
          Max output tokens
          <input
            type="number"
            className="control w-20"
            min={1}
            value={settings.maxOutputTokens ?? ''}
            placeholder="default"
            onChange={(event) => updateSettings({ maxOutputTokens: wholeOrNone(event.target.value, 1) })}
          />
        </label>
        <textarea
          aria-label="System instructions"
          className="control h-14 w-full"
          placeholder="System instructions (optional)"
          value={settings.system ?? ''}
          onChange={(event) => updateSettings({ system: event.target.value || undefined })}
        />
      </div>
    </details>
  );
}

/**
 * Above the message box: provider and model always in view, everything else sent with the
 * request one click away in "Run settings".
 */
export function RunSettingsBar() {
  const settings = useSession((state) => state.settings);
  const approval = useSession((state) => state.approval);
  const stepMode = useSession((state) => state.stepMode);
  const readOnly = useSession((state) => state.readOnly);
  return (
    <fieldset disabled={readOnly} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <ProviderModelPicker />
      <Popover label="Run settings" trigger="Settings" triggerClassName="button shrink-0" align="start">
        <fieldset disabled={readOnly} className="flex flex-col gap-2">
          <ProviderConnection />
          {settings.provider === 'simulated' && settings.model === 'simulated-scripted' ? <ScriptEditor /> : null}
          <ToolCallingFields />
          <RunControlFields />
          <HistorySettingsFields />
          <StrictNote />
          <ModelCapabilitiesList capabilities={capabilitiesOf(settings)} model={settings.model} />
          <MoreSettings />
        </fieldset>
      </Popover>
      <span className="muted min-w-0 flex-1 truncate" title="Run settings">
        {summarise(settings, approval, stepMode)}
      </span>
      <ProviderNote />
    </fieldset>
  );
}
