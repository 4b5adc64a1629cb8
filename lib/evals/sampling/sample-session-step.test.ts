import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createRouteFetch, runConversation } from '../../../testing/run-conversation';
import { checkToolDrafts } from '../../tools/check-tool-drafts';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { requestToolSpecs } from '../../tools/request-tool-specs';
import type { SessionStore } from '../../session/session-state';
import { applySampleChange, sampleSessionStep, toolsWithChange } from './sample-session-step';
import type { SampleChange } from '../../shapes/step-samples';

const checker = createSchemaChecker();

/** Samples the first model step of a keyless run: what the session keeps, and what the sampler answered. */
async function sampled(change?: SampleChange, afterRun?: (store: SessionStore) => void, count = 4) {
  const { store } = await runConversation('list the files', {
    configure: (session) => session.getState().updateSettings({ temperature: 1, seed: 7 }),
  });
  afterRun?.(store);
  const assistant = store.getState().messages.find((message) => message.role === 'assistant') as UIMessage;
  const stepId = `${assistant.id}:step-1`;
  const progress: number[] = [];
  const result = await sampleSessionStep({
    store,
    stepId,
    count,
    change,
    runnable: checkToolDrafts(store.getState().tools, checker).runnable,
    deps: { fetch: createRouteFetch(), checker, headersFor: () => ({}) },
    onProgress: (done) => progress.push(done),
  });
  return { store, stepId, result, progress, samplings: store.getState().stepSamples[stepId]?.samplings ?? [] };
}

describe('Sample this step, on the session', () => {
  it('keeps each sample in the session as it comes, with the provider, model and seed it was drawn from', async () => {
    const { result, progress, samplings } = await sampled();
    expect(result).toEqual({ ok: true, stopped: false });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(samplings).toHaveLength(1);
    expect(samplings[0]).toMatchObject({ provider: 'simulated', model: 'simulated-1', seed: 7 });
    expect(samplings[0].change).toBeUndefined();
    expect(samplings[0].samples.map((sample) => sample.n).sort()).toEqual([1, 2, 3, 4]);
  });

  it('a variant: a setting, a tool description, a schema — each kept with its change', async () => {
    const settings = await sampled({ kind: 'settings', name: 'Temperature 0', settings: { temperature: 0 } });
    expect(settings.result.ok).toBe(true);
    expect(settings.samplings[0].change).toEqual({
      kind: 'settings',
      name: 'Temperature 0',
      settings: { temperature: 0 },
    });
    // At temperature 0 the simulated model answers the same every time.
    const answers = settings.samplings[0].samples.map((sample) => JSON.stringify(sample.calls));
    expect(new Set(answers).size).toBe(1);
    const described = await sampled({ kind: 'tool', name: 'list_files', description: 'Lists every file.' });
    expect(described.samplings[0]).toMatchObject({ change: { kind: 'tool', name: 'list_files' } });
  });

  it('says why not, sending nothing: read-only, an unknown tool, a schema that is not one, a variant gone', async () => {
    const readOnly = await sampled(undefined, (store) => store.setState({ readOnly: true }));
    expect(readOnly.result).toEqual({
      ok: false,
      message: 'A shared session is read-only: press "Fork to edit" to make it yours, then sample.',
    });
    expect(readOnly.samplings).toEqual([]);
    const unknown = await sampled({ kind: 'tool', name: 'nope', description: 'x' });
    expect(unknown.result).toEqual({ ok: false, message: 'The step was not offered a tool named `nope`.' });
    const badSchema = await sampled({ kind: 'tool', name: 'list_files', parameters: { type: 'nonsense' } });
    expect(badSchema.result).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The edited schema of `list_files` is not a usable JSON Schema: /),
    });
    const gone = await sampled({ kind: 'tools', variantId: 'v-gone', name: 'old list' });
    expect(gone.result).toEqual({
      ok: false,
      message: 'The saved variant "old list" is not in this session any more.',
    });
    for (const each of [unknown, badSchema, gone]) expect(each.samplings).toEqual([]);
    // A step that is not there.
    const { store } = await sampled();
    expect(
      await sampleSessionStep({
        store,
        stepId: 'missing:step-1',
        count: 2,
        runnable: checkToolDrafts(store.getState().tools, checker).runnable,
        deps: { fetch: createRouteFetch(), checker, headersFor: () => ({}) },
      }),
    ).toMatchObject({ ok: false, message: 'This step is not in the conversation any more.' });
  });
});

describe('the tools a variant offers', () => {
  it("a saved variant's list, one tool edited, or the step's own tools", async () => {
    const { store } = await runConversation('list the files');
    const state = store.getState();
    const tools = requestToolSpecs(checkToolDrafts(state.tools, checker).runnable);
    expect(toolsWithChange(tools, undefined, { evals: state.evals, checker })).toEqual({ ok: true, tools });
    state.saveEvalVariant('only two');
    const saved = store.getState().evals.variants[0];
    store.setState({
      evals: { ...store.getState().evals, variants: [{ ...saved, tools: saved.tools.slice(0, 2) }] },
    });
    const two = toolsWithChange(
      tools,
      { kind: 'tools', variantId: saved.id, name: 'only two' },
      {
        evals: store.getState().evals,
        checker,
      },
    );
    expect(two.ok && two.tools.map((tool) => tool.name)).toEqual(tools.slice(0, 2).map((tool) => tool.name));
    const edited = toolsWithChange(
      tools,
      { kind: 'tool', name: 'list_files', parameters: { type: 'object', properties: {} } },
      { evals: state.evals, checker },
    );
    const listFiles = edited.ok ? edited.tools.find((tool) => tool.name === 'list_files') : undefined;
    expect(listFiles?.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(listFiles?.description).toBe(tools.find((tool) => tool.name === 'list_files')?.description);
  });

  it('a settings change lays over the request; a setting the route refuses is said', async () => {
    const request = {
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'list the files' }] }],
      tools: [],
      settings: { provider: 'simulated' as const, model: 'simulated-1', temperature: 1 },
    };
    const evals = (await runConversation('hi')).store.getState().evals;
    const changed = applySampleChange(
      request as never,
      { kind: 'settings', name: 'Cooler', settings: { temperature: 0.2 } },
      { evals, checker },
    );
    expect(changed.ok && changed.request.settings).toMatchObject({ temperature: 0.2, model: 'simulated-1' });
    const refused = applySampleChange(
      request as never,
      { kind: 'settings', name: 'Too hot', settings: { temperature: 99 } },
      { evals, checker },
    );
    expect(refused.ok).toBe(false);
  });
});
