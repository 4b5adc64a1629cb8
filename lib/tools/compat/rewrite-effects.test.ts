import { describe, expect, it } from 'vitest';
import { runConversation } from '../../../testing/run-conversation';
import { createInitialSession } from '../../session/initial-session';
import { toolDefinitionOf } from '../../shapes/tool-formats';
import { formatToolSource } from '../../shapes/tool-source';
import { isToolUIPart } from '../../shapes/tool-parts';
import { checkToolDrafts } from '../check-tool-drafts';
import { createSchemaChecker } from '../create-schema-checker';
import { makeCompatible } from './make-compatible';
import { rewriteEffects } from './rewrite-effects';

const checker = createSchemaChecker();
const drafts = createInitialSession().tools;
const specs = checkToolDrafts(drafts, checker).runnable.map((tool) => tool.spec);

describe('what Make compatible does to a run', () => {
  const made = specs.map((spec) => makeCompatible(toolDefinitionOf(spec), ['openai-chat-strict']));
  const changes = made.flatMap((each) => each.changes);

  it('says that optional properties became required and nullable, and what the definitions now cost', () => {
    const effects = rewriteEffects(
      specs.map((spec) => toolDefinitionOf(spec)),
      made.map((each) => each.definition),
      changes,
    );
    expect(effects[0]).toMatch(
      /^\d+ optional properties are now required and nullable: a model must write every argument/,
    );
    expect(effects[1]).toMatch(/^The tools' definitions cost ≈ \+\d+ tokens in every request \(\+\d+ %\)\.$/);
    expect(rewriteEffects([], [], [])).toEqual([]);
  });

  it('the simulated model writes null for "not given", and the sandbox tools take it so: the demo does what it did', async () => {
    const rewritten = drafts.map((draft, index) => ({ ...draft, source: formatToolSource(made[index].definition) }));
    const { messages } = await runConversation('list the files and show me README.md', {
      configure: (store) => store.setState({ tools: rewritten }),
    });
    const calls = messages.flatMap((message) => message.parts.filter(isToolUIPart));
    const list = calls.find((part) => 'toolName' in part && part.toolName === 'list_files');
    const read = calls.find((part) => 'toolName' in part && part.toolName === 'read_file');
    expect(list?.state).toBe('output-available');
    expect(JSON.stringify(list?.output)).toContain('package.json');
    // Every optional argument sent, as null: the schema demands each one.
    expect(Object.values(list?.input as object)).toContain(null);
    expect(read?.state).toBe('output-available');
    expect(JSON.stringify(read?.output)).toContain('Greeter');
  });
});
