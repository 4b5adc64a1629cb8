import type { SandboxFiles } from './sandbox-status';

/** The files a new session's sandbox starts with: a tiny project worth exploring. */
export const EXAMPLE_FILES: SandboxFiles = {
  'README.md': [
    '# Greeter',
    '',
    'A tiny Node.js project to explore with tools.',
    '',
    '- `src/greet.js` builds a greeting for a name.',
    '- `src/index.js` prints greetings for the names in `data/names.txt`.',
    '- Run it with `node src/index.js`.',
    '',
  ].join('\n'),
  'package.json': `${JSON.stringify(
    { name: 'greeter', version: '1.0.0', type: 'module', scripts: { start: 'node src/index.js' } },
    null,
    2,
  )}\n`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own JavaScript, a template literal
  'src/greet.js': ['export function greet(name) {', '  return `Hello, ${name}!`;', '}', ''].join('\n'),
  'src/index.js': [
    "import { readFileSync } from 'node:fs';",
    "import { greet } from './greet.js';",
    '',
    "const names = readFileSync('data/names.txt', 'utf8').trim().split('\\n');",
    'for (const name of names) console.log(greet(name));',
    '',
  ].join('\n'),
  'data/names.txt': 'Ada\nGrace\nLinus\n',
  'notes/todo.txt': '- add a farewell function\n- write tests for greet()\n',
};
