import { expect, it } from 'vitest';
import { createInitialSession } from '../session/initial-session';
import { checkToolSource } from '../tools/check-tool-source';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { initialToolChecks } from './initial-tool-checks';

it('sends with the page the new session’s tools, each checked as the browser’s checker checks it', () => {
  const sources = createInitialSession().tools.map(({ source }) => source);
  const checked = initialToolChecks();
  expect(checked.map(([source]) => source)).toEqual(sources);
  const checker = createSchemaChecker();
  for (const [source, check] of checked) expect(check).toEqual(checkToolSource(source, checker));
  expect(checked.every(([, check]) => check.kind === 'valid')).toBe(true);
  // Made once per server process.
  expect(initialToolChecks()).toBe(checked);
});
