import { describe, expect, it } from 'vitest';
import { linkBudgetOf, linkStoreMaxBytesOf, uploadDeadlineMsOf } from './link-limits';

const MB = 1024 * 1024;

describe("the link store's budget", () => {
  it('PLAYGROUND_LINK_STORE_MAX_BYTES is a positive whole number; anything else is the 1 GiB default', () => {
    expect(linkStoreMaxBytesOf({})).toBe(1024 ** 3);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '4096' })).toBe(4096);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '0' })).toBe(1024 ** 3);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '1e9' })).toBe(1024 ** 3);
  });

  it("each address's share is a sixteenth of the store, at least one largest link, at most a quarter", () => {
    expect(linkBudgetOf({}, 20 * MB)).toEqual({
      maxBytes: 1024 * MB,
      clientShareBytes: 64 * MB,
      shareWindowMs: 86_400_000,
    });
    expect(linkBudgetOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: String(100 * MB) }, 20 * MB).clientShareBytes).toBe(20 * MB);
    expect(linkBudgetOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: String(40 * MB) }, 20 * MB).clientShareBytes).toBe(10 * MB);
    expect(linkBudgetOf({ PLAYGROUND_LINK_CLIENT_SHARE_BYTES: '5000' }, 20 * MB).clientShareBytes).toBe(5000);
  });

  it('PLAYGROUND_LINK_UPLOAD_SECONDS bounds an upload (60 s by default)', () => {
    expect(uploadDeadlineMsOf({})).toBe(60_000);
    expect(uploadDeadlineMsOf({ PLAYGROUND_LINK_UPLOAD_SECONDS: '5' })).toBe(5_000);
    expect(uploadDeadlineMsOf({ PLAYGROUND_LINK_UPLOAD_SECONDS: 'soon' })).toBe(60_000);
  });
});
