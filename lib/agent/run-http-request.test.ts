import { toolErrorText } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { type HttpAccess, runHttpRequest } from './run-http-request';

const OWN = 'http://playground.local:3000';

/** A network that answers every request with `body` and records what it was asked. */
function network(body = 'hello', init: ResponseInit = { headers: { 'content-type': 'text/plain' } }) {
  const asked: { url: string; init: RequestInit }[] = [];
  const access: HttpAccess = {
    ownOrigin: OWN,
    fetch: (async (url: URL, requestInit: RequestInit) => {
      asked.push({ url: String(url), init: requestInit });
      return new Response(body, init);
    }) as typeof fetch,
  };
  return { access, asked };
}

const refusal = (outcome: ToolOutcome) => {
  expect(outcome.kind).toBe('blocked');
  const parsed = JSON.parse(outcome.kind === 'blocked' ? toolErrorText(outcome.error) : '{}');
  return { message: outcome.kind === 'blocked' ? outcome.error.message : '', parsed };
};

describe("an HTTP tool's call", () => {
  it('goes only to the allowlist and the own origin, and says which origins are allowed', async () => {
    const { access, asked } = network();
    const elsewhere = refusal(await runHttpRequest({ url: 'https://evil.example/x' }, ['https://api.example'], access));
    expect(elsewhere.message).toContain(
      `https://evil.example is not on this tool's allowlist (${OWN}, https://api.example)`,
    );
    expect(elsewhere.parsed.error).toMatchObject({ type: 'PermissionError', code: 'NOT_ALLOWLISTED' });
    expect(elsewhere.parsed.error.details).toEqual({
      url: 'https://evil.example/x',
      allowed_origins: [OWN, 'https://api.example'],
    });
    expect(elsewhere.parsed.recoverable).toBe(true);
    expect(elsewhere.parsed.suggested_action).toBe(`Use a URL on ${OWN}, https://api.example.`);
    expect(
      refusal(await runHttpRequest({ url: 'ftp://api.example/x' }, ['https://api.example'], access)).message,
    ).toContain('Only http and https are allowed.');
    expect(refusal(await runHttpRequest({ url: 'http://[::1' }, [], access)).message).toContain('It is not a URL.');
    expect(asked).toEqual([]);
  });

  it("never reaches the playground's own /api routes, however the path is spelt, unless the person listed the origin", async () => {
    const { access, asked } = network();
    for (const url of ['/api/chat', `${OWN}/API/mcp`, '/%61pi/links', '/api']) {
      const { message } = refusal(await runHttpRequest({ url }, [], access));
      expect(message).toContain("The playground's own server routes (/api/…) are not open to tools.");
    }
    expect(asked).toEqual([]);
    // The rest of the own origin is open; a listed own origin is the person's choice.
    expect((await runHttpRequest({ url: '/apis.json' }, [], access)).kind).toBe('ok');
    expect((await runHttpRequest({ url: '/api/x' }, [OWN], access)).kind).toBe('ok');
    expect(asked.map((each) => each.url)).toEqual([`${OWN}/apis.json`, `${OWN}/api/x`]);
  });

  it('sends GET unless told, a body only with POST, no credentials, no redirects', async () => {
    const { access, asked } = network();
    await runHttpRequest({ url: 'https://api.example/a', body: 'ignored' }, ['https://api.example'], access);
    await runHttpRequest(
      { url: 'https://api.example/b', method: 'POST', body: '{"a":1}' },
      ['https://api.example'],
      access,
    );
    await runHttpRequest({ url: 'https://api.example/c', method: 'PUT', body: 'x' }, ['https://api.example'], access);
    await runHttpRequest(
      { url: 'https://api.example/d', method: 'POST', body: { a: 1 } },
      ['https://api.example'],
      access,
    );
    expect(asked.map(({ init }) => [init.method, init.body, init.credentials, init.redirect])).toEqual([
      ['GET', undefined, 'omit', 'error'],
      ['POST', '{"a":1}', 'omit', 'error'],
      ['PUT', undefined, 'omit', 'error'],
      ['POST', undefined, 'omit', 'error'],
    ]);
    for (const { init } of asked) expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('answers with the status, type and body — nothing for HEAD, a long body cut with how much more', async () => {
    const ok = await runHttpRequest(
      { url: '/data.json' },
      [],
      network('{"a":1}', { status: 201, headers: { 'content-type': 'application/json' } }).access,
    );
    expect(ok).toMatchObject({
      kind: 'ok',
      output: { success: true, status: 201, content_type: 'application/json', output: '{"a":1}' },
    });
    const head = await runHttpRequest({ url: '/x', method: 'HEAD' }, [], network('not read').access);
    expect(head.kind === 'ok' && (head.output as { output: string }).output).toBe('');
    const long = await runHttpRequest({ url: '/big' }, [], network('x'.repeat(20_005)).access);
    const text = long.kind === 'ok' ? (long.output as { output: string }).output : '';
    expect(text).toBe(`${'x'.repeat(20_000)}\n… [body truncated: 5 more characters]`);
    const exact = await runHttpRequest({ url: '/edge' }, [], network('y'.repeat(20_000)).access);
    expect(exact.kind === 'ok' && (exact.output as { output: string }).output).toBe('y'.repeat(20_000));
    const took = ok.kind === 'ok' ? (ok.output as { execution_time_ms: number }).execution_time_ms : -1;
    expect(took >= 0 && took < 60_000).toBe(true);
    const missing = await runHttpRequest({ url: '/gone' }, [], network('no', { status: 404 }).access);
    expect(missing).toMatchObject({ kind: 'ok', output: { success: false, status: 404 } });
  });

  it('says where a failed request went and why, as a recoverable network error; refuses with no network', async () => {
    const failing: HttpAccess = {
      ownOrigin: OWN,
      fetch: (async () => {
        throw new TypeError('redirect was not followed');
      }) as unknown as typeof fetch,
    };
    const outcome = await runHttpRequest({ url: 'https://api.example/moved' }, ['https://api.example'], failing);
    expect(outcome.kind).toBe('failed');
    const parsed = JSON.parse(outcome.kind === 'failed' ? toolErrorText(outcome.error) : '{}');
    expect(parsed.error).toMatchObject({
      type: 'ExecutionError',
      code: 'NETWORK_ERROR',
      message:
        'Error: The request to https://api.example failed: redirect was not followed (redirects are not followed).',
      details: { url: 'https://api.example/moved', reason: 'redirect was not followed' },
    });
    expect(parsed.recoverable).toBe(true);
    expect(parsed.suggested_action).toBe('Check the URL, or answer without it.');
    expect(parsed.execution_time_ms).toBeGreaterThanOrEqual(0);
    expect(parsed.execution_time_ms).toBeLessThan(60_000);
    const nowhere = refusal(await runHttpRequest({ url: 'https://api.example/x' }, ['https://api.example'], undefined));
    expect(nowhere.message).toContain('HTTP tools cannot run here.');
    expect(nowhere.parsed.suggested_action).toBe('Use a URL on https://api.example.');
    expect(refusal(await runHttpRequest({ url: 'https://x.example/' }, [], undefined)).parsed.suggested_action).toBe(
      'Answer without the network.',
    );
  });
});
