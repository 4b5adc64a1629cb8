import { describe, expect, it } from 'vitest';
import type { ToolDraft } from '../shapes/tool-spec';
import { checkToolDrafts } from './check-tool-drafts';
import { createWorkerCalls, type WorkerCall, type WorkerLike } from '../platform/worker-calls';
import { checkToolSource } from './check-tool-source';
import { createSchemaChecker } from './create-schema-checker';
import { createToolChecks } from './create-tool-checks';
import type { SourceCheck } from './tool-check';

const checker = createSchemaChecker();
const definition = (name: string) =>
  JSON.stringify({ name, description: `The ${name} tool.`, parameters: { type: 'object' } });
const draft = (id: string, source: string, enabled = true): ToolDraft => ({
  id,
  source,
  enabled,
  run: { kind: 'mock', result: '{}' },
});
const drafts = [
  draft('a', definition('get_weather')),
  draft('b', '{ "name": "broken", '),
  draft('c', definition('get_weather')),
  draft('d', definition('off'), false),
];

/** A worker the test answers by hand, checking with the real checker (as the real worker does). */
function fakeWorker() {
  const requests: WorkerCall<string[]>[] = [];
  let worker: WorkerLike<string[], SourceCheck[]> | undefined;
  const spawn = () => {
    worker = {
      postMessage: (request) => void requests.push(request),
      terminate: () => undefined,
      onmessage: null,
      onerror: null,
    };
    return worker;
  };
  const answerAll = () => {
    for (const { id, request } of requests.splice(0))
      worker!.onmessage!({ data: { id, ok: true, answer: request.map((source) => checkToolSource(source, checker)) } });
  };
  return {
    requests,
    calls: () => createWorkerCalls(spawn, 'The tool-check worker did not load.'),
    answerAll,
    crash: () => worker!.onerror!(new Event('error')),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the page’s tool checks', () => {
  it('says "checking" until the worker answers, then agrees with checking on the page, once per text', async () => {
    const worker = fakeWorker();
    const checks = createToolChecks({
      elsewhere: worker.calls(),
      onElsewhereFailed: () => undefined,
    });
    let heard = 0;
    checks.subscribe(() => heard++);
    const first = checks.check(drafts);
    expect(first.pending).toBe(true);
    expect(first.tools.map((tool) => tool.check.kind)).toEqual(['pending', 'pending', 'pending', 'pending']);
    checks.check(drafts);
    // The same text twice (tools a and c) is asked once, and asking again while waiting asks nothing.
    expect(worker.requests).toHaveLength(1);
    expect(worker.requests[0].request).toHaveLength(3);
    worker.answerAll();
    await settle();
    expect(heard).toBe(1);
    const done = checks.check(drafts);
    expect(done).toEqual(checkToolDrafts(drafts, checker));
    expect(done.leftOut.map((left) => left.id)).toEqual(['b', 'c']);
    // The same list is the same answer (components holding it do not re-render).
    expect(checks.check(drafts)).toBe(done);
    // One text changed: only it is asked for; the rest shows at once.
    const edited = [drafts[0], draft('b', definition('fixed')), drafts[2], drafts[3]];
    const partly = checks.check(edited);
    expect(partly.pending).toBe(true);
    expect(partly.tools.map((tool) => tool.check.kind)).toEqual(['valid', 'pending', 'valid', 'valid']);
    expect(worker.requests.map((call) => call.request)).toEqual([[definition('fixed')]]);
  });

  it('checks on the page at once after adopting the engine’s checker, and when the worker fails it says so once', async () => {
    const worker = fakeWorker();
    const failures: Error[] = [];
    const checks = createToolChecks({
      elsewhere: worker.calls(),
      onElsewhereFailed: (error) => failures.push(error),
    });
    expect(checks.check(drafts).pending).toBe(true);
    worker.crash();
    await settle();
    expect(failures.map((error) => error.message)).toEqual(['The tool-check worker did not load.']);
    // No worker is asked again; the tools stay "checking" until the page's own checker comes.
    expect(checks.check([draft('e', definition('more'))]).pending).toBe(true);
    await settle();
    expect(failures).toHaveLength(1);
    const before = checks.version();
    checks.adopt((source) => checkToolSource(source, checker));
    expect(checks.version()).toBe(before + 1);
    expect(checks.check(drafts)).toEqual(checkToolDrafts(drafts, checker));
  });

  it('asks nowhere without a worker (the server’s render): pending until a checker is adopted', () => {
    const checks = createToolChecks({ onElsewhereFailed: () => expect.unreachable() });
    expect(checks.check(drafts).pending).toBe(true);
    const answers: SourceCheck[] = [];
    checks.adopt((source) => {
      const check = checkToolSource(source, checker);
      answers.push(check);
      return check;
    });
    expect(checks.check(drafts).pending).toBe(false);
    expect(answers).toHaveLength(3);
  });

  it('knows texts checked with the page at once (no worker asked), and asks the worker only for the rest', () => {
    const worker = fakeWorker();
    const known = drafts.slice(0, 2).map(({ source }) => [source, checkToolSource(source, checker)] as const);
    const checks = createToolChecks({
      elsewhere: worker.calls(),
      onElsewhereFailed: () => expect.unreachable(),
      checked: known,
    });
    expect(checks.check(drafts.slice(0, 3))).toEqual(checkToolDrafts(drafts.slice(0, 3), checker));
    expect(worker.requests).toEqual([]);
    expect(checks.check(drafts).pending).toBe(true);
    expect(worker.requests.map(({ request }) => request)).toEqual([[definition('off')]]);
  });
});
