import { describe, expect, it } from 'vitest';
import { parseSessionFile, pickSessionData, serializeSessionFile } from './session-file';
import { createSessionStore } from './session-store';

describe('session files', () => {
  it('round-trips a session with messages, branches and files', async () => {
    const store = createSessionStore();
    store.getState().startBranch([{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]);
    store.getState().setFiles({ 'a.txt': 'alpha' });
    const parsed = await parseSessionFile(serializeSessionFile(store.getState()));
    expect(parsed).toEqual({ ok: true, session: JSON.parse(JSON.stringify(pickSessionData(store.getState()))) });
  });

  it('says exactly what is wrong with a file that is not one', async () => {
    expect(await parseSessionFile('{')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The file is not JSON: /),
    });
    expect(await parseSessionFile('{"tools": []}')).toEqual({
      ok: false,
      message: 'This is not a Tool Playground session file (its "kind" is missing or different).',
    });
    expect(await parseSessionFile('{"kind":"tool-playground-session","version":99,"session":{}}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('format version 99'),
    });
    const text = serializeSessionFile(createSessionStore().getState()).replace(
      '"provider": "simulated"',
      '"provider": "skynet"',
    );
    expect(await parseSessionFile(text)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not a valid session: "settings\.provider"/),
    });
  });
});
