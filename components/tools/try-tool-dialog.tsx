'use client';

import { useMemo, useRef, useState } from 'react';
import { isRunInProgress } from '@/lib/session/session-state';
import { manualStepMessages } from '@/lib/messages/manual-step';
import { newId } from '@/lib/shapes/new-id';
import type { ToolSpec } from '@/lib/shapes/tool-spec';
import { type SchemaFormField, schemaFormFields } from '@/lib/tools/schema-form-fields';
import { useEngine, useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { toolErrorText } from '@/lib/shapes/tool-error';

/** The arguments as the form shows them: JSON text, read back into an object when it parses. */
function readArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, message: 'The arguments must be a JSON object.' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** One field of the form, writing its value into the arguments (empty: left out). */
function Field({
  field,
  value,
  onChange,
}: {
  field: SchemaFormField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const label = `${field.name}${field.required ? ' *' : ''}`;
  const control = (() => {
    switch (field.kind) {
      case 'boolean':
        return (
          <input
            type="checkbox"
            aria-label={field.name}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
        );
      case 'choice':
        return (
          <select
            aria-label={field.name}
            className="control"
            value={value === undefined ? '' : JSON.stringify(value)}
            onChange={(event) => onChange(event.target.value === '' ? undefined : JSON.parse(event.target.value))}
          >
            <option value="">(left out)</option>
            {field.choices.map((choice) => (
              <option key={JSON.stringify(choice)} value={JSON.stringify(choice)}>
                {typeof choice === 'string' ? choice : JSON.stringify(choice)}
              </option>
            ))}
          </select>
        );
      case 'number':
      case 'integer':
        return (
          <input
            type="number"
            aria-label={field.name}
            className="control"
            step={field.kind === 'integer' ? 1 : 'any'}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          />
        );
      case 'text':
        return (
          <input
            aria-label={field.name}
            className="control"
            value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          />
        );
      case 'json':
        return (
          <input
            aria-label={`${field.name} (JSON)`}
            className="control font-mono"
            defaultValue={value === undefined ? '' : JSON.stringify(value)}
            onBlur={(event) => {
              const text = event.target.value.trim();
              if (text === '') return onChange(undefined);
              try {
                onChange(JSON.parse(text));
              } catch {
                // Kept as typed: the JSON box below says what is wrong with the whole call.
                onChange(text);
              }
            }}
          />
        );
    }
  })();
  // Each control carries its field's name as its accessible name; the line above it says the rest.
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <span>
        <span className="font-mono">{label}</span>
        {field.description ? <span className="muted"> — {field.description}</span> : null}
      </span>
      {control}
    </div>
  );
}

/** Runs the tool as it is set to run, keeps the call as a step of the person's own, and says what it answered. */
function useTryTool(toolName: string) {
  const runtime = useRuntime();
  const { addManualStep, trustHandlers } = useSessionActions();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const stop = useRef<AbortController | undefined>(undefined);
  const run = async (input: unknown) => {
    const loaded = await runtime.loadEngine();
    // Running a tool by hand is the person's own act, as sending is: their handlers may run.
    trustHandlers();
    const controller = new AbortController();
    stop.current = controller;
    setBusy(true);
    try {
      const { outcome, durationMs } = await loaded.tryTool(toolName, input, controller.signal);
      if (outcome.kind === 'awaiting-user') return setResult({ ok: false, text: 'This tool is answered by hand.' });
      const id = newId();
      addManualStep(manualStepMessages({ id, toolName: toolName, input: input, outcome }), {
        toolCallId: `call_manual_${id}`,
        outcome: outcome.kind,
        durationMs,
      });
      setResult(
        outcome.kind === 'ok'
          ? {
              ok: true,
              text: typeof outcome.output === 'string' ? outcome.output : JSON.stringify(outcome.output, null, 2),
            }
          : { ok: false, text: toolErrorText(outcome.error) },
      );
    } finally {
      stop.current = undefined;
      setBusy(false);
    }
  };

  return { busy, result, run, stop: () => stop.current?.abort() };
}

/**
 * `Try this tool`: a form made from the tool's input schema (and the call's JSON), checked as a
 * model's call is, run as the tool is set to run — no model — and kept in the conversation as
 * a step of the person's own, drawn on the timeline like any other.
 */
export function TryToolDialog({ spec, onClose }: { spec: ToolSpec; onClose: () => void }) {
  const running = useSession((state) => isRunInProgress(state));
  const engine = useEngine();
  const fields = useMemo(() => schemaFormFields(spec.inputSchema), [spec.inputSchema]);
  const [text, setText] = useState('{}');
  const read = useMemo(() => readArguments(text), [text]);
  const args = read.ok ? read.value : {};
  const problems = useMemo(
    () => (read.ok && engine ? engine.checker.checkValue(spec.inputSchema, read.value) : []),
    [read, engine, spec.inputSchema],
  );
  const setField = (name: string, value: unknown) => {
    const { [name]: _old, ...rest } = args;
    setText(JSON.stringify(value === undefined ? rest : { ...rest, [name]: value }, null, 2));
  };

  const { busy, result, run, stop } = useTryTool(spec.name);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        stop();
        onClose();
      }}
      title={`Try this tool: ${spec.name}`}
      description="Fill in the arguments and run the tool as it is set to run — no model. The call and its result join the conversation and the graph as a step of your own — a trial, never sent to the model."
      className="w-[min(48rem,calc(100vw-1rem))]"
    >
      <form
        className="flex max-h-[70vh] flex-col gap-2 overflow-auto text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (read.ok) void run(read.value);
        }}
      >
        {fields.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="muted text-xs">Arguments</legend>
            {fields.map((field) => (
              <Field
                key={`${field.name}-${field.kind === 'json' ? text : ''}`}
                field={field}
                value={args[field.name]}
                onChange={(value) => setField(field.name, value)}
              />
            ))}
          </fieldset>
        ) : null}
        <label className="flex flex-col gap-0.5 text-xs">
          <span className="muted">The call's arguments as JSON (what a model would send)</span>
          <textarea
            aria-label="Arguments JSON"
            className="control min-h-24 font-mono text-xs"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {!read.ok ? (
          <p role="alert" className="text-xs text-role-error">
            {read.message}
          </p>
        ) : problems.length > 0 ? (
          <ul aria-label="Problems with the arguments" className="text-xs text-role-call">
            {problems.map((problem) => (
              <li key={`${problem.pointer}|${problem.message}`}>
                {problem.path || '(the arguments)'} {problem.message} — a model's call like this is refused the same
                way.
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex items-center gap-2">
          <button type="submit" className="button" disabled={busy || running || !read.ok}>
            {busy ? 'Running…' : 'Run tool'}
          </button>
          {running ? <span className="muted text-xs">A run is in progress: try the tool when it ends.</span> : null}
        </div>
        {result ? (
          <section aria-label="Result" className="flex flex-col gap-1">
            <p role="status" className={`text-xs ${result.ok ? 'text-role-result' : 'text-role-error'}`}>
              {result.ok ? 'The tool answered:' : 'The call failed:'}
            </p>
            <pre className="code max-h-60 overflow-auto whitespace-pre-wrap break-words text-xs">{result.text}</pre>
          </section>
        ) : null}
      </form>
    </Dialog>
  );
}
