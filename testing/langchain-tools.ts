import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { ToolDefinition } from '@/lib/shapes/tool-formats';
import { pythonVenv } from './python-venv';

/** The versions the fidelity tests compare against (what this machine's package index holds). */
export const LANGCHAIN_VERSIONS = { 'langchain-core': '1.6.5', pydantic: '2.13.5' } as const;

/** What `convert_to_openai_tool` needs beside langchain-core (one of its declared dependencies is not in this machine's registry). */
const LANGCHAIN_CORE_NEEDS = [
  `pydantic==${LANGCHAIN_VERSIONS.pydantic}`,
  'jsonpatch',
  'pyyaml',
  'tenacity',
  'typing-extensions',
  'packaging',
  'langsmith',
];

/**
 * A Python with the real `langchain-core` and `pydantic`, and `jinja2` for chat templates (a venv
 * under node_modules/.cache, made once). langchain-core installs with `--no-deps` plus what `convert_to_openai_tool` needs: one
 * of its declared dependencies is not in this machine's registry.
 */
export function pythonWithLangChain(): string {
  return pythonVenv({
    name: 'langchain',
    probe: 'import jinja2, langchain_core, pydantic; print(langchain_core.__version__, pydantic.VERSION)',
    wanted: `${LANGCHAIN_VERSIONS['langchain-core']} ${LANGCHAIN_VERSIONS.pydantic}`,
    installs: [
      ['--no-deps', `langchain-core==${LANGCHAIN_VERSIONS['langchain-core']}`],
      [...LANGCHAIN_CORE_NEEDS, 'jinja2'],
    ],
  });
}

/** The langchain-community the corpus of its BaseTools is read from, and what its modules import. */
export const LANGCHAIN_COMMUNITY_VERSION = '0.4.2';

/**
 * A Python with the real `langchain-core` and a pinned `langchain-community` (without its
 * declared dependencies — most tools import their service's package only when they run), with
 * the two packages many tool modules import at the top (SQLAlchemy, aiohttp).
 */
export function pythonWithLangChainCommunity(): string {
  return pythonVenv({
    name: 'langchain-community',
    probe:
      'import langchain_community, langchain_core, pydantic, sqlalchemy, aiohttp; print(langchain_community.__version__, langchain_core.__version__, pydantic.VERSION)',
    wanted: `${LANGCHAIN_COMMUNITY_VERSION} ${LANGCHAIN_VERSIONS['langchain-core']} ${LANGCHAIN_VERSIONS.pydantic}`,
    installs: [
      [
        '--no-deps',
        `langchain-core==${LANGCHAIN_VERSIONS['langchain-core']}`,
        `langchain-community==${LANGCHAIN_COMMUNITY_VERSION}`,
      ],
      [...LANGCHAIN_CORE_NEEDS, 'sqlalchemy==2.1.1', 'aiohttp==3.14.3'],
    ],
  });
}

/** Every BaseTool of langchain-community whose schema is in its own file, and what LangChain sends for it. */
export type CommunityCorpus = {
  version: string;
  files: { file: string; source: string; tools: ({ class: string } & ToolDefinition)[] }[];
  skipped: { file: string; class?: string; why: string }[];
};
export function langChainCommunityTools(): CommunityCorpus {
  const script = join(import.meta.dirname, 'tools-from-code', 'langchain_community_tools.py');
  return JSON.parse(execFileSync(pythonWithLangChainCommunity(), [script], { maxBuffer: 64 * 1024 * 1024 }).toString());
}

/**
 * Every BaseTool of crewAI-tools 0.76.0 (kept in testing/corpora/crewai-tools: it is not in this
 * machine's package index) whose schema is in its own file, and what LangChain sends for it —
 * crewAI and the services' packages stood in for (testing/tools-from-code/crewai_tools.py).
 */
export function crewAiTools(): CommunityCorpus {
  const script = join(import.meta.dirname, 'tools-from-code', 'crewai_tools.py');
  return JSON.parse(execFileSync(pythonWithLangChainCommunity(), [script], { maxBuffer: 64 * 1024 * 1024 }).toString());
}

/** What LangChain's `convert_to_openai_tool` makes of each file: its tools' functions, or the error it raised. */
export function langChainTools(files: string[]): Record<string, ToolDefinition[] | { error: string }> {
  const script = join(import.meta.dirname, 'tools-from-code', 'langchain_tools.py');
  return JSON.parse(
    execFileSync(pythonWithLangChain(), [script, ...files], { maxBuffer: 64 * 1024 * 1024 }).toString(),
  );
}

/** A chat template rendered by Python's jinja2 in Transformers' environment (`apply_chat_template`). */
export function renderWithJinja2(template: string, context: Record<string, unknown>): string {
  const script = join(import.meta.dirname, 'tools-from-code', 'render_chat_template.py');
  return execFileSync(pythonWithLangChain(), [script], {
    input: JSON.stringify({ template, context }),
    maxBuffer: 16 * 1024 * 1024,
  }).toString();
}
