import { test } from 'vitest';
import type { ChatRequest } from '@/lib/agent/chat-route';
import { renderWithPackage } from '@/lib/server/render-with-package';
import { createSessionStore } from '@/lib/session/session-store';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { WIRE_FORMATS } from '@/lib/shapes/wire-capture';
import { generateLongSession } from './generate-long-session';
import { measure, printFigures } from './measure';

/** What rendering a step with a real provider package costs (POST /api/wire, Get code). */
test('wire: rendering a request with the provider packages', async () => {
  const store = createSessionStore();
  const tools = checkToolDrafts(store.getState().tools, createSchemaChecker()).runnable.map((tool) => tool.spec);
  const messages = generateLongSession('wire', 2, 5) as ChatRequest['messages'];
  const chat: ChatRequest = { messages, tools, settings: { provider: 'openai', model: 'gpt-4o', openaiApi: 'chat' } };
  const figures = [];
  for (const format of WIRE_FORMATS) {
    figures.push(
      await measure(
        `${format}: render a ${messages.length}-message step with its package`,
        async () => {
          const rendered = await renderWithPackage(chat, format);
          if (!rendered.ok) throw new Error(rendered.message);
        },
        30,
      ),
    );
  }
  printFigures('Wire', figures);
});
