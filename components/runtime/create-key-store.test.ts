import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/session/open-browser-storage';
import { createKeyStore } from './create-key-store';

const STORAGE_KEY = 'tool-playground.provider-keys';
const HOME = 'https://api.openai.com/v1';

describe('the key store', () => {
  it('keeps keys in memory unless asked to remember them for the tab', () => {
    const storage = createMemoryStorage();
    const keys = createKeyStore(storage);
    keys.getState().setKey('openai', 'sk-typed', undefined);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    keys.getState().setRemember(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ openai: { key: 'sk-typed', address: HOME } });
    expect(createKeyStore(storage).getState()).toMatchObject({
      keys: { openai: { key: 'sk-typed', address: HOME } },
      remember: true,
    });
    keys.getState().setRemember(false);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('ignores junk in storage (null, arrays, unknown providers, non-string keys); a bare key of before is bound to its home', () => {
    for (const junk of ['null', '[1,2]', '"text"', '{"skynet":"k","openai":5,"anthropic":"ok"}', '{not json']) {
      const storage = createMemoryStorage();
      storage.setItem(STORAGE_KEY, junk);
      const keys = createKeyStore(storage).getState().keys;
      expect(keys, junk).toEqual(
        junk.includes('anthropic') ? { anthropic: { key: 'ok', address: 'https://api.anthropic.com/v1' } } : {},
      );
    }
  });

  it('keeps working when storage refuses writes', () => {
    const storage = createMemoryStorage();
    const refusing = {
      ...storage,
      getItem: storage.getItem,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: storage.removeItem,
    } as Storage;
    const keys = createKeyStore(refusing);
    keys.getState().setRemember(true);
    keys.getState().setKey('google', 'AIza-typed', undefined);
    expect(keys.getState().keys.google?.key).toBe('AIza-typed');
  });

  it('sends a key only to the address it was typed for, or one the person confirmed', () => {
    const keys = createKeyStore(undefined);
    expect(keys.getState().decide('openai', undefined)).toEqual({ kind: 'none' });
    keys.getState().setKey('openai', 'sk-typed', undefined);
    expect(keys.getState().decide('openai', undefined)).toEqual({ kind: 'key', key: 'sk-typed' });
    expect(keys.getState().decide('openai', `${HOME}/`)).toEqual({ kind: 'key', key: 'sk-typed' });
    // The author's address, from a link: held back until confirmed.
    const theirs = 'http://127.0.0.1:9999/v1';
    expect(keys.getState().decide('openai', theirs)).toEqual({ kind: 'unconfirmed', address: theirs });
    keys.getState().confirmAddress('openai', theirs);
    expect(keys.getState().decide('openai', theirs)).toEqual({ kind: 'key', key: 'sk-typed' });
    // Confirmations stay in this tab: never stored with the keys.
    keys.getState().setRemember(true);
    expect(keys.getState().decide('anthropic', theirs)).toEqual({ kind: 'none' });
  });
});
