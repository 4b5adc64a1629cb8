import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/session/open-browser-storage';
import { createKeyStore } from './create-key-store';

const STORAGE_KEY = 'tool-playground.provider-keys';

describe('the key store', () => {
  it('keeps keys in memory unless asked to remember them for the tab', () => {
    const storage = createMemoryStorage();
    const keys = createKeyStore(storage);
    keys.getState().setKey('openai', 'sk-typed');
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    keys.getState().setRemember(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ openai: 'sk-typed' });
    expect(createKeyStore(storage).getState()).toMatchObject({ keys: { openai: 'sk-typed' }, remember: true });
    keys.getState().setRemember(false);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('ignores junk in storage (null, arrays, unknown providers, non-string keys)', () => {
    for (const junk of ['null', '[1,2]', '"text"', '{"skynet":"k","openai":5,"anthropic":"ok"}', '{not json']) {
      const storage = createMemoryStorage();
      storage.setItem(STORAGE_KEY, junk);
      const keys = createKeyStore(storage).getState().keys;
      expect(keys, junk).toEqual(junk.includes('anthropic') ? { anthropic: 'ok' } : {});
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
    keys.getState().setKey('google', 'AIza-typed');
    expect(keys.getState().keys).toEqual({ google: 'AIza-typed' });
  });
});
