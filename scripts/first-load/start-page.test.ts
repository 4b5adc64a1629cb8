import { expect, it } from 'vitest';
import { assertAnotherSite, startPageUrl } from './start-page';

it('serves the start page once, on a site other than the pages measured (localhost)', async () => {
  const url = await startPageUrl();
  expect(await startPageUrl()).toBe(url);
  const response = await fetch(url);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await response.text()).toContain('Another site');
  expect(() => assertAnotherSite('http://localhost:3304/')).not.toThrow();
  expect(() => assertAnotherSite(url.replace(/\/$/, '/s/abc#key'))).toThrow(/serve it at localhost/);
});
