'use client';

import { useState } from 'react';
import type { SampleChange } from '@/lib/shapes/step-samples';
import type { ToolSpec } from '@/lib/shapes/tool-spec';
import { simulatedSamplingNote } from '@/lib/evals/sampling/simulated-limits';
import { useSession } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

const KINDS = {
  description: "A tool's description",
  schema: "A tool's schema",
  tools: 'The tool list of a saved variant',
  toolChoice: 'Tool choice',
  system: 'The system instructions',
  temperature: 'Temperature',
  config: 'A saved configuration',
} as const;
type Kind = keyof typeof KINDS;

/** The change the form describes, or why it is not one. */
function changeOf(
  kind: Kind,
  fields: { tool: string; text: string; pick: string; number: string },
  saved: { variants: { id: string; name: string }[]; configs: { id: string; name: string; settings: object }[] },
): SampleChange | string {
  switch (kind) {
    case 'description':
      return { kind: 'tool', name: fields.tool, description: fields.text };
    case 'schema': {
      try {
        const parameters = JSON.parse(fields.text) as unknown;
        if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
          return 'The schema must be a JSON object.';
        return { kind: 'tool', name: fields.tool, parameters: parameters as Record<string, unknown> };
      } catch (error) {
        return `The schema is not JSON: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    case 'tools': {
      const variant = saved.variants.find((each) => each.id === fields.pick);
      return variant ? { kind: 'tools', variantId: variant.id, name: variant.name } : 'Pick a saved variant.';
    }
    case 'toolChoice': {
      const toolChoice = ['auto', 'required', 'none'].includes(fields.pick)
        ? fields.pick
        : { type: 'tool', toolName: fields.pick };
      return { kind: 'settings', name: `tool choice ${fields.pick}`, settings: { toolChoice } };
    }
    case 'system':
      return { kind: 'settings', name: 'system instructions edited', settings: { system: fields.text || undefined } };
    case 'temperature': {
      const temperature = Number(fields.number);
      if (fields.number === '' || !(temperature >= 0 && temperature <= 2)) return 'The temperature is from 0 to 2.';
      return { kind: 'settings', name: `temperature ${temperature}`, settings: { temperature } };
    }
    case 'config': {
      const config = saved.configs.find((each) => each.id === fields.pick);
      return config
        ? { kind: 'settings', name: `configuration "${config.name}"`, settings: { ...config.settings } }
        : 'Pick a saved configuration.';
    }
  }
}

type Form = { tool: string; text: string; pick: string; number: string };

/** The one change's fields: a tool's description or schema, the system text, temperature, tool choice, a saved set. */
function ChangeFields({
  kind,
  tools,
  form,
  set,
}: {
  kind: Kind;
  tools: readonly ToolSpec[];
  form: Form;
  set: { [K in keyof Form]: (value: string) => void };
}) {
  const variants = useSession((state) => state.evals.variants);
  const configs = useSession((state) => state.evals.configs);
  return (
    <>
      {kind === 'description' || kind === 'schema' ? (
        <>
          <label className="flex items-center gap-2">
            Tool
            <select className="control" value={form.tool} onChange={(event) => set.tool(event.target.value)}>
              {tools.map((each) => (
                <option key={each.name}>{each.name}</option>
              ))}
            </select>
          </label>
          <textarea
            aria-label={kind === 'description' ? 'Description' : 'Schema (JSON)'}
            className="control min-h-24 font-mono"
            value={form.text}
            onChange={(event) => set.text(event.target.value)}
          />
          {tools.some((each) => each.name === form.tool) ? null : (
            <p role="alert">This step offered no tools to change.</p>
          )}
        </>
      ) : null}
      {kind === 'system' ? (
        <textarea
          aria-label="System instructions"
          className="control min-h-24"
          value={form.text}
          onChange={(event) => set.text(event.target.value)}
        />
      ) : null}
      {kind === 'temperature' ? (
        <label className="flex items-center gap-2">
          Temperature
          <input
            type="number"
            className="control w-20"
            min={0}
            max={2}
            step={0.1}
            value={form.number}
            onChange={(event) => set.number(event.target.value)}
          />
        </label>
      ) : null}
      {kind === 'toolChoice' ? (
        <label className="flex items-center gap-2">
          Tool choice
          <select className="control" value={form.pick} onChange={(event) => set.pick(event.target.value)}>
            {['auto', 'required', 'none', ...tools.map((each) => each.name)].map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
      ) : null}
      {kind === 'tools' || kind === 'config' ? (
        (kind === 'tools' ? variants : configs).length === 0 ? (
          <p role="note">
            {kind === 'tools'
              ? 'No saved variants: save the tool list as a variant in Evals first.'
              : 'No saved configurations: save one in Evals first.'}
          </p>
        ) : (
          <label className="flex items-center gap-2">
            {kind === 'tools' ? 'Saved variant' : 'Saved configuration'}
            <select className="control" value={form.pick} onChange={(event) => set.pick(event.target.value)}>
              {(kind === 'tools' ? variants : configs).map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
        )
      ) : null}
    </>
  );
}

/** `Sample a variant`: the same step with one change, sampled beside the step as sent. */
export function SampleVariantDialog({
  tools,
  disabled,
  onSample,
}: {
  tools: readonly ToolSpec[];
  disabled: boolean;
  onSample: (change: SampleChange) => void;
}) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('description');
  const [tool, setTool] = useState(tools[0]?.name ?? '');
  const settings = useSession((state) => state.settings);
  const variants = useSession((state) => state.evals.variants);
  const configs = useSession((state) => state.evals.configs);
  const initialText = (which: Kind, name = tool) => {
    const spec = tools.find((each) => each.name === name);
    if (which === 'description') return spec?.description ?? '';
    if (which === 'schema') return JSON.stringify(spec?.inputSchema ?? {}, null, 2);
    if (which === 'system') return settings.system ?? '';
    return '';
  };
  const [text, setText] = useState(initialText('description'));
  const [pick, setPick] = useState('auto');
  const [number, setNumber] = useState('1');
  const [problem, setProblem] = useState<string>();
  // Said where it is asked: a question the simulated model cannot answer.
  const note = simulatedSamplingNote({
    provider: settings.provider,
    temperature: settings.temperature,
    question: kind === 'description' || kind === 'schema' || kind === 'system' ? kind : 'other',
  });
  const choose = (next: Kind) => {
    setKind(next);
    setText(initialText(next));
    setPick(next === 'tools' ? (variants[0]?.id ?? '') : next === 'config' ? (configs[0]?.id ?? '') : 'auto');
    setProblem(undefined);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Sample a variant"
      description="The same step with one change, sampled as many times, beside the step as it was sent."
      trigger={
        <button type="button" className="button" disabled={disabled}>
          Sample a variant
        </button>
      }
    >
      <form
        className="flex flex-col gap-2 text-xs"
        onSubmit={(event) => {
          event.preventDefault();
          const change = changeOf(kind, { tool, text, pick, number }, { variants, configs });
          if (typeof change === 'string') return setProblem(change);
          setOpen(false);
          onSample(change);
        }}
      >
        <label className="flex items-center gap-2">
          Change
          <select className="control" value={kind} onChange={(event) => choose(event.target.value as Kind)}>
            {Object.entries(KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <ChangeFields
          kind={kind}
          tools={tools}
          form={{ tool, text, pick, number }}
          set={{
            tool: (name) => {
              setTool(name);
              setText(initialText(kind, name));
            },
            text: setText,
            pick: setPick,
            number: setNumber,
          }}
        />
        {note ? (
          <p role="note" className="text-role-call">
            {note}
          </p>
        ) : null}
        {problem ? <p role="alert">{problem}</p> : null}
        <button type="submit" className="button self-start">
          Sample the variant
        </button>
      </form>
    </Dialog>
  );
}
