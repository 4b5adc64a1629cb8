import { describe, expect, it } from 'vitest';
import { checkSandboxHost } from './check-sandbox-host';

describe("WebContainer's host, checked from the server", () => {
  it('is reachable when its name resolves, and not when the lookup fails or takes too long', async () => {
    const asked: string[] = [];
    expect(
      await checkSandboxHost(async (host) => {
        asked.push(host);
        return { address: '192.0.2.1' };
      }),
    ).toEqual({ host: 'stackblitz.com', reachable: true });
    expect(asked).toEqual(['stackblitz.com']);
    expect(await checkSandboxHost(async () => Promise.reject(new Error('ENOTFOUND')))).toMatchObject({
      reachable: false,
    });
    expect(await checkSandboxHost(() => new Promise(() => undefined), 20)).toMatchObject({ reachable: false });
  });
});
