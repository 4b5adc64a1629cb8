import { describe, expect, it } from 'vitest';
import { createLayoutStorage } from './layout-storage';

/** A cookie jar that counts its reads, as `document` would answer them. */
function jar(initial: string) {
  let cookies = initial;
  let reads = 0;
  return {
    get cookie() {
      reads++;
      return cookies;
    },
    set cookie(written: string) {
      const [pair] = written.split(';');
      cookies = cookies ? `${cookies}; ${pair}` : (pair ?? '');
    },
    reads: () => reads,
  };
}

const KEY = 'react-resizable-panels:playground-columns';
const NAME = `panes.${encodeURIComponent(KEY)}`;
const SIZES = '{"tools":21,"chat":24,"centre":37,"inspector":18}';

describe('the pane sizes’ storage', () => {
  it('answers from what the server read, without reading the page’s cookies', () => {
    const cookies = jar(`${NAME}=${encodeURIComponent(SIZES)}`);
    const storage = createLayoutStorage({ [NAME]: SIZES }, cookies);
    expect(storage.getItem(KEY)).toBe(SIZES);
    expect(storage.getItem('react-resizable-panels:other')).toBeNull();
    expect(cookies.reads()).toBe(0);
  });

  it('answers with what it wrote since, and writes the cookie the server reads next time', () => {
    const cookies = jar('');
    const storage = createLayoutStorage({}, cookies);
    const resized = '{"tools":30,"chat":20,"centre":32,"inspector":18}';
    storage.setItem(KEY, resized);
    expect(storage.getItem(KEY)).toBe(resized);
    expect(createLayoutStorage(undefined, cookies).getItem(KEY)).toBe(resized);
  });

  it('reads the page’s cookies where no server read them, and ignores a spoilt size', () => {
    expect(createLayoutStorage(undefined, jar(`${NAME}=${encodeURIComponent(SIZES)}`)).getItem(KEY)).toBe(SIZES);
    expect(createLayoutStorage({ [NAME]: '{"tools":-5,"chat":105}' }, undefined).getItem(KEY)).toBeNull();
    expect(createLayoutStorage(undefined, undefined).getItem(KEY)).toBeNull();
  });
});
