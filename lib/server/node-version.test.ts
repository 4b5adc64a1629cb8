import { expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version';

it('says at start when Node.js is older than the project needs', () => {
  expect(nodeVersionProblem('20.20.2')).toMatch(
    /^This server runs Node\.js 20\.20\.2; Tool Playground needs 22\.12 or newer/,
  );
  expect(nodeVersionProblem('22.11.0')).toMatch(/needs 22\.12/);
  expect(nodeVersionProblem('22.12.0')).toBeUndefined();
  expect(nodeVersionProblem('24.21.0')).toBeUndefined();
});
