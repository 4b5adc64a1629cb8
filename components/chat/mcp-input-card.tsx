'use client';

import { useState } from 'react';
import { readInputForm, type InputField, checkInputForm } from '@/lib/mcp/mcp-input-form';
import type { McpInputAnswer } from '@/lib/shapes/mcp-input';
import type { RunPause } from '@/lib/shapes/run-pause';
import { useRuntime } from '../runtime/runtime-context';

type InputPause = Extract<RunPause, { kind: 'input' }>;
type Values = Record<string, string | boolean | string[]>;

function Field({
  field,
  value,
  onChange,
}: {
  field: InputField;
  value: string | boolean | string[];
  onChange: (value: string | boolean | string[]) => void;
}) {
  const label = `${field.title}${field.required ? ' (required)' : ''}`;
  if (field.kind === 'boolean')
    return (
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
    );
  if (field.kind === 'choice')
    return (
      <label className="flex flex-col gap-0.5">
        {label}
        <select className="control" value={String(value)} onChange={(event) => onChange(event.target.value)}>
          <option value="">—</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    );
  if (field.kind === 'choices') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="flex flex-col gap-0.5">
        <legend>{label}</legend>
        {field.options.map((option) => (
          <label key={option.value} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, option.value] : chosen.filter((each) => each !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <label className="flex flex-col gap-0.5">
      {label}
      <input
        className="control"
        type={field.kind === 'number' ? 'number' : field.inputType}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * An MCP server's question while its tool runs (elicitation): the form built from the schema it
 * sent, checked before it goes; **Send answer**, **Decline** (the tool hears "declined") or
 * **Cancel** (the tool hears the person dismissed it).
 */
export function McpInputCard({ pause }: { pause: InputPause }) {
  return pause.url === undefined ? <FormQuestion pause={pause} /> : <PageQuestion pause={pause} url={pause.url} />;
}

/** The buttons every question ends with: the tool hears "declined" or that the person dismissed it. */
function DeclineOrCancel({ answer }: { answer: (answer: McpInputAnswer) => void }) {
  return (
    <>
      <button type="button" className="button" onClick={() => answer({ action: 'decline' })}>
        Decline
      </button>
      <button type="button" className="button" onClick={() => answer({ action: 'cancel' })}>
        Cancel
      </button>
    </>
  );
}

/**
 * URL mode: the server asks the person to open a page (a sign-in, a payment). The address is shown
 * whole, its host apart, and nothing opens by itself: **Open the page** opens it in a new tab
 * (without this page as its opener or referrer) and tells the server the person agreed to go.
 */
function PageQuestion({ pause, url }: { pause: InputPause; url: string }) {
  const { gate } = useRuntime();
  const answer = (answer: McpInputAnswer) => gate.answer({ kind: 'input', answer });
  return (
    <section
      aria-label="Waiting for your answer"
      className="flex flex-col gap-1 rounded-md border border-role-call/60 bg-role-call/10 p-2 text-xs"
    >
      <p className="font-semibold">
        <span className="font-mono">{pause.toolName}</span> asks you to open a page on{' '}
        <span className="font-mono">{new URL(url).host}</span> (the run waits for your answer):
      </p>
      <p className="whitespace-pre-wrap">{pause.message}</p>
      <p className="break-all rounded bg-[var(--panel)] p-1 font-mono">{url}</p>
      <p className="muted">Nothing opens unless you choose to; the tool goes on once you have.</p>
      <div className="flex gap-2">
        <a
          className="button button-primary"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => answer({ action: 'accept', content: {} })}
        >
          Open the page
        </a>
        <DeclineOrCancel answer={answer} />
      </div>
    </section>
  );
}

function FormQuestion({ pause }: { pause: InputPause }) {
  const { gate } = useRuntime();
  const form = readInputForm(pause.requestedSchema);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(form.fields.map((field) => [field.name, field.initial])),
  );
  const checked = checkInputForm(form, values);
  const answer = (answer: Parameters<typeof gate.answer>[0]) => gate.answer(answer);
  return (
    <section
      aria-label="Waiting for your answer"
      className="flex flex-col gap-1 rounded-md border border-role-call/60 bg-role-call/10 p-2 text-xs"
    >
      <p className="font-semibold">
        <span className="font-mono">{pause.toolName}</span> asks (the run waits for your answer):
      </p>
      <p className="whitespace-pre-wrap">{pause.message}</p>
      {form.problem ? <p className="text-role-error">{form.problem}</p> : null}
      {form.fields.map((field) => (
        <div key={field.name}>
          <Field
            field={field}
            value={values[field.name] ?? field.initial}
            onChange={(value) => setValues((before) => ({ ...before, [field.name]: value }))}
          />
          {field.description ? <p className="muted">{field.description}</p> : null}
        </div>
      ))}
      {checked.ok ? null : <p className="text-role-error">{checked.problem}</p>}
      <div className="flex gap-2">
        <button
          type="button"
          className="button button-primary"
          disabled={!checked.ok || form.problem !== undefined}
          onClick={() =>
            checked.ok && answer({ kind: 'input', answer: { action: 'accept', content: checked.content } })
          }
        >
          Send answer
        </button>
        <DeclineOrCancel answer={(each) => answer({ kind: 'input', answer: each })} />
      </div>
    </section>
  );
}
