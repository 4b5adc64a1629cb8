'use client';

import { useState } from 'react';
import type { EvalConfig } from '@/lib/shapes/eval-run';
import { SESSION_LIMITS } from '@/lib/shapes/session-limits';
import { KeyAddressPrompt } from '../shared/key-address-prompt';
import { useSession, useSessionActions } from '../runtime/runtime-context';

/** What a configuration sets, in words: "simulated · simulated-scripted · native · t=0.2". */
function describeConfig(config: EvalConfig): string {
  const { provider, model, mode, temperature, toolChoice, parallelToolCalls, maxSteps, system } = config.settings;
  return [
    provider,
    model,
    mode,
    temperature === undefined ? undefined : `t=${temperature}`,
    toolChoice === undefined
      ? undefined
      : `tool choice ${typeof toolChoice === 'string' ? toolChoice : toolChoice.toolName}`,
    parallelToolCalls === undefined ? undefined : parallelToolCalls ? 'parallel calls' : 'one call per step',
    maxSteps === undefined ? undefined : `max ${maxSteps} steps`,
    system ? 'system instructions' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The grid's columns: tool-list variants (snapshots of the Tools pane) and model configurations. */
export function EvalColumnsEditor() {
  const variants = useSession((state) => state.evals.variants);
  const configs = useSession((state) => state.evals.configs);
  const readOnly = useSession((state) => state.readOnly);
  // A configuration runs as the run settings with its own on top (see runEvalCase).
  const settings = useSession((state) => state.settings);
  const actions = useSessionActions();
  const [variantName, setVariantName] = useState('');
  const [configName, setConfigName] = useState('');
  const [variantProblem, setVariantProblem] = useState<string>();

  return (
    <div className="grid gap-3 text-xs min-[700px]:grid-cols-2">
      <section aria-labelledby="eval-variants-title" className="flex flex-col gap-1">
        <h3 id="eval-variants-title" className="font-semibold uppercase">
          Tool-list variants
        </h3>
        {variants.length === 0 ? <p className="muted">None saved: the grid runs the tools as they are now.</p> : null}
        <ul aria-label="Variants">
          {variants.map((variant) => (
            <li key={variant.id} className="flex items-center gap-1">
              <span>{variant.name}</span>
              <span className="muted">
                ({variant.tools.filter((tool) => tool.enabled).length}{' '}
                {variant.tools.filter((tool) => tool.enabled).length === 1 ? 'tool' : 'tools'})
              </span>
              <button
                type="button"
                className="button ml-auto px-1.5 py-0"
                aria-label={`Remove variant ${variant.name}`}
                disabled={readOnly}
                onClick={() => actions.removeEvalVariant(variant.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <form
          className="flex flex-wrap gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const saved = actions.saveEvalVariant(variantName.trim() || `Variant ${variants.length + 1}`);
            setVariantProblem(saved.ok ? undefined : saved.message);
            if (saved.ok) setVariantName('');
          }}
        >
          <input
            aria-label="Variant name"
            className="control min-w-32 flex-1 py-0"
            placeholder={`Variant ${variants.length + 1}`}
            value={variantName}
            disabled={readOnly}
            onChange={(event) => setVariantName(event.target.value)}
          />
          <button
            type="submit"
            className="button py-0"
            disabled={readOnly || variants.length >= SESSION_LIMITS.evalVariants}
          >
            Save tool list as variant
          </button>
          {variantProblem ? (
            <p role="alert" className="w-full text-role-error">
              {variantProblem}
            </p>
          ) : null}
        </form>
      </section>
      <section aria-labelledby="eval-configs-title" className="flex flex-col gap-1">
        <h3 id="eval-configs-title" className="font-semibold uppercase">
          Model configurations
        </h3>
        {configs.length === 0 ? (
          <p className="muted">None saved: the grid runs with the run settings as they are now.</p>
        ) : null}
        <ul aria-label="Configurations">
          {configs.map((config) => (
            <li key={config.id} className="flex flex-wrap items-center gap-1">
              <span>{config.name}</span>
              <span className="muted min-w-0 truncate">{describeConfig(config)}</span>
              <button
                type="button"
                className="button ml-auto px-1.5 py-0"
                aria-label={`Remove configuration ${config.name}`}
                disabled={readOnly}
                onClick={() => actions.removeEvalConfig(config.id)}
              >
                Remove
              </button>
              {readOnly ? null : (
                <div className="w-full">
                  <KeyAddressPrompt
                    provider={{ ...settings, ...config.settings }.provider}
                    baseURL={{ ...settings, ...config.settings }.baseURL}
                    configName={config.name}
                    onRemove={() => actions.removeEvalConfigBaseURL(config.id)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
        <SaveConfigForm name={configName} setName={setConfigName} count={configs.length} />
      </section>
    </div>
  );
}

function SaveConfigForm({ name, setName, count }: { name: string; setName: (name: string) => void; count: number }) {
  const settings = useSession((state) => state.settings);
  const readOnly = useSession((state) => state.readOnly);
  const { addEvalConfig } = useSessionActions();
  const [problem, setProblem] = useState<string>();
  return (
    <form
      className="flex flex-wrap gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        // Every run setting, as it is now: two configurations differ exactly where their settings do.
        const added = addEvalConfig({
          name: name.trim() || `${settings.provider} · ${settings.model}`,
          settings: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
        });
        setProblem(added.ok ? undefined : added.message);
        if (added.ok) setName('');
      }}
    >
      <input
        aria-label="Configuration name"
        className="control min-w-32 flex-1 py-0"
        placeholder={`${settings.provider} · ${settings.model}`}
        value={name}
        disabled={readOnly}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button py-0" disabled={readOnly || count >= SESSION_LIMITS.evalConfigs}>
        Save run settings as configuration
      </button>
      {problem ? (
        <p role="alert" className="w-full text-role-error">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
