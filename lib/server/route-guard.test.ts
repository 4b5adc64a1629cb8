import { describe, expect, it } from 'vitest';
import { guardRouteRequest } from './route-guard';

const request = (headers: Record<string, string>, method = 'POST') =>
  new Request('http://localhost:3000/api/chat', {
    method,
    headers,
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
const json = { 'content-type': 'application/json' };

async function refusal(response: Response | undefined) {
  if (!response) return undefined;
  return { status: response.status, ...((await response.json()) as { error: { code: string } }).error };
}

describe('guardRouteRequest (every /api route)', () => {
  it("lets this playground's own pages through, and non-browser clients", async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(
        guardRouteRequest(request({ host, ...json, 'sec-fetch-site': 'same-origin', origin: `http://${host}` })),
      ).toBeUndefined();
    }
    expect(guardRouteRequest(request({ host: 'localhost:3000', ...json }))).toBeUndefined();
    expect(
      guardRouteRequest(request({ host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }, 'GET')),
    ).toBeUndefined();
  });

  it('refuses a DNS-rebinding Host before anything else (421), unless it is the configured public host', async () => {
    expect(await refusal(guardRouteRequest(request({ host: 'rebind.attacker.example:4100', ...json })))).toMatchObject({
      status: 421,
      code: 'wrong_host',
    });
    expect(await refusal(guardRouteRequest(request({ host: 'localhost.attacker.example', ...json })))).toMatchObject({
      status: 421,
    });
    expect(await refusal(guardRouteRequest(request({ ...json })))).toMatchObject({ status: 421 });
    const publicOrigin = 'https://play.example.com';
    expect(
      guardRouteRequest(
        request({ host: 'play.example.com', ...json, origin: publicOrigin, 'sec-fetch-site': 'same-origin' }),
        { publicOrigin },
      ),
    ).toBeUndefined();
    expect(
      await refusal(
        guardRouteRequest(request({ host: 'play.example.com', ...json, origin: 'http://play.example.com' }), {
          publicOrigin,
        }),
      ),
    ).toMatchObject({ status: 403 });
  });

  it('refuses another origin, another site, or a form or text body (no CORS preflight is ever granted)', async () => {
    const host = { host: '127.0.0.1:4100' };
    expect(
      await refusal(guardRouteRequest(request({ ...host, ...json, origin: 'http://localhost:4101' }))),
    ).toMatchObject({ status: 403, code: 'cross_site' });
    expect(
      await refusal(guardRouteRequest(request({ ...host, ...json, 'sec-fetch-site': 'same-site' }))),
    ).toMatchObject({ status: 403 });
    expect(await refusal(guardRouteRequest(request({ ...host, 'sec-fetch-site': 'cross-site' }, 'GET')))).toMatchObject(
      {
        status: 403,
      },
    );
    expect(await refusal(guardRouteRequest(request({ ...host, origin: 'null', ...json })))).toMatchObject({
      status: 403,
    });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      expect(
        await refusal(guardRouteRequest(request({ ...host, 'content-type': type, 'sec-fetch-site': 'same-origin' }))),
      ).toMatchObject({ status: 415, code: 'not_json' });
    }
  });
});
