import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CommunityCorpus,
  crewAiTools,
  LANGCHAIN_COMMUNITY_VERSION,
  langChainCommunityTools,
} from '@/testing/langchain-tools';
import { createPythonParser } from '@/testing/parse-python';
import type { PySyntaxNode } from './python-syntax';
import { readPythonTools } from './python-tools';

/**
 * Cases we did not write: every BaseTool of a pinned langchain-community, and of crewAI-tools,
 * whose `args_schema` is in its own file (and uses no type from another file of the package) —
 * found by walking the packages, not picked — read by the Python reader from its source and
 * compared JSON-equal with what the real LangChain sends for it. What the reader cannot know from
 * one file is listed with why; any other difference fails.
 */
const CANNOT_KNOW: Readonly<Record<string, string>> = {
  'langchain-community shell/tool.py ShellTool':
    'its description is computed when the module loads (the platform’s name)',
};

let parse: (code: string) => PySyntaxNode;
const corpora: Record<string, CommunityCorpus> = {};
beforeAll(async () => {
  parse = await createPythonParser();
  corpora['langchain-community'] = langChainCommunityTools();
  corpora['crewAI-tools'] = crewAiTools();
}, 600_000);

/** The tools of a corpus the reader does not read JSON-equal (`<corpus> <file> <class>`), and how many it read. */
function compare(name: string): { total: number; differ: string[] } {
  const corpus = corpora[name];
  const differ: string[] = [];
  let total = 0;
  for (const file of corpus.files) {
    const read = readPythonTools(parse(file.source));
    for (const { class: className, ...want } of file.tools) {
      total++;
      const got = read.ok ? read.tools.find((tool) => tool.definition.name === want.name)?.definition : undefined;
      if (!isDeepStrictEqual(got, want)) differ.push(`${name} ${file.file} ${className}`);
    }
  }
  const equal = total - differ.length;
  console.log(
    `${name} ${corpus.version}: ${equal} of ${total} BaseTools JSON-equal (${((equal / total) * 100).toFixed(1)} %); left out: ${corpus.skipped.map((each) => `${each.file} (${each.why})`).join('; ')}`,
  );
  return { total, differ };
}

describe('the BaseTools of langchain-community and crewAI-tools, read as LangChain sends them', () => {
  it(`langchain-community ${LANGCHAIN_COMMUNITY_VERSION}: JSON-equal on every tool but those one file cannot tell`, () => {
    expect(corpora['langchain-community'].version).toBe(LANGCHAIN_COMMUNITY_VERSION);
    const { total, differ } = compare('langchain-community');
    expect(total).toBeGreaterThanOrEqual(75);
    expect(differ.sort()).toEqual(Object.keys(CANNOT_KNOW).filter((key) => key.startsWith('langchain-community ')));
  });

  it('crewAI-tools 0.76.0: JSON-equal on every tool but those one file cannot tell', () => {
    const { total, differ } = compare('crewAI-tools');
    expect(total).toBeGreaterThanOrEqual(70);
    expect(differ.sort()).toEqual(Object.keys(CANNOT_KNOW).filter((key) => key.startsWith('crewAI-tools ')));
  });
});
