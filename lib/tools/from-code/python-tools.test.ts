import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { langChainTools } from '@/testing/langchain-tools';
import { createPythonParser } from '@/testing/parse-python';
import type { PySyntaxNode } from './python-syntax';
import { readPythonTools } from './python-tools';

const CORPUS = join(import.meta.dirname, '..', '..', '..', 'testing', 'tools-from-code', 'python');
const FILES = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.py'))
  .sort();

let parse: (code: string) => PySyntaxNode;
let expected: ReturnType<typeof langChainTools>;
beforeAll(async () => {
  parse = await createPythonParser();
  expected = langChainTools(FILES.map((file) => join(CORPUS, file)));
}, 300_000);

describe('Python tools agree with LangChain convert_to_openai_tool', () => {
  it('has a corpus of at least 30 pastes, seed 000 among them', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(30);
    expect(FILES.filter((file) => file.includes('seed'))).toHaveLength(2);
  });

  it.each(FILES)('%s', (file) => {
    const want = expected[file];
    if (!Array.isArray(want)) throw new Error(`LangChain could not read ${file}: ${want.error}`);
    const got = readPythonTools(parse(readFileSync(join(CORPUS, file), 'utf8')));
    if (!got.ok) throw new Error(`${got.problem.message} (${got.problem.line}:${got.problem.column})`);
    expect(got.tools.map((tool) => tool.definition)).toEqual(want);
  });
});

describe('what a Python paste cannot say', () => {
  it('reports a syntax error with its line and column, and creates nothing', () => {
    const got = readPythonTools(parse('def ok(a: int) -> int:\n    return a\n\ndef broken(a: int:\n    pass\n'));
    expect(got).toMatchObject({ ok: false, problem: { line: 4 } });
    if (!got.ok) expect(got.problem.message).toMatch(/Python syntax error/);
  });

  it('leaves out a Callable parameter with a note on the tool, never silently', () => {
    const got = readPythonTools(
      parse(
        'from typing import Callable\n\ndef retry(action: Callable[[], None], times: int = 3) -> None:\n    """Retry an action."""\n',
      ),
    );
    if (!got.ok) throw new Error(got.problem.message);
    expect(Object.keys(got.tools[0].definition.parameters.properties as object)).toEqual(['times']);
    expect(got.tools[0].notes).toContain('`action`: `Callable` has no JSON Schema; the parameter was left out.');
  });

  it('notes a default that is code and a class the paste does not define', () => {
    const got = readPythonTools(
      parse('import os\n\ndef read(path: str = os.getcwd(), mode: np.ndarray = None) -> str:\n    """Read."""\n'),
    );
    if (!got.ok) throw new Error(got.problem.message);
    expect(got.tools[0].notes).toEqual([
      '`path`: the default `os.getcwd()` is code, not a value; the schema shows no default.',
      '`mode`: `ndarray` is not defined in the code and has no JSON Schema; the parameter was left out.',
    ]);
  });

  it('notes a `description=` it cannot read (a name from another module): LangChain would send that text', () => {
    const got = readPythonTools(
      parse(
        'from langchain_core.tools import tool\nfrom prompts import SEARCH_DESCRIPTION\n\n@tool(description=SEARCH_DESCRIPTION)\ndef search(q: str) -> str:\n    """Search."""\n',
      ),
    );
    if (!got.ok) throw new Error(got.problem.message);
    expect(got.tools[0].definition.description).toBe('Search.');
    expect(got.tools[0].notes).toContain(
      '`description=SEARCH_DESCRIPTION` is not a string this paste defines: LangChain sends its text; the docstring stands in for it here.',
    );
  });

  it('says why a paste with no tools has none', () => {
    const got = readPythonTools(parse('x = 1\n'));
    expect(got).toEqual({
      ok: true,
      tools: [],
      notes: ['No function, BaseModel or BaseTool class at the top level of the code.'],
    });
  });
});
