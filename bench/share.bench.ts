import type { UIMessage } from 'ai';
import { test } from 'vitest';
import { makeShareLink, readShareFragment } from '@/lib/share/share-link';
import { pickSessionData } from '@/lib/session/session-file';
import { createSessionStore } from '@/lib/session/session-store';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { TOOL_TEMPLATES } from '@/lib/tools/tool-templates';
import { measure, printFigures } from './measure';

test('share link of a 50-message session with 8 tools', async () => {
  const store = createSessionStore();
  store.getState().addTools([
    ...['edit_file', 'search', 'think'].map((name) => ({
      definition: CORE_TOOL_DEFINITIONS.find((tool) => tool.name === name)!,
      run: { kind: 'sandbox' as const },
    })),
    TOOL_TEMPLATES.find((template) => template.id === 'get_weather')!,
  ]);
  const cities = ['Paris', 'Lagos', 'Lima', 'Osaka', 'Oslo'];
  const messages: UIMessage[] = Array.from({ length: 25 }, (_, turn): UIMessage[] => [
    {
      id: `u${turn}`,
      role: 'user',
      parts: [{ type: 'text', text: `What is the weather in ${cities[turn % 5]} today, turn ${turn}?` }],
    },
    {
      id: `a${turn}`,
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: "I'll call `get_weather` to answer that.", state: 'done' },
        {
          type: 'dynamic-tool',
          toolName: 'get_weather',
          toolCallId: `call_${turn}abc`,
          state: 'output-available',
          input: { city: cities[turn % 5] },
          output: { temperature: 10 + turn, condition: 'cloudy' },
        },
        { type: 'step-start' },
        { type: 'text', text: `It is ${10 + turn}°C and cloudy in ${cities[turn % 5]}.`, state: 'done' },
      ],
    },
  ]).flat();
  store.setState({ messages });
  const session = pickSessionData(store.getState());
  const link = makeShareLink(session, 'https://playground.example/');
  if (!link.ok) throw new Error(link.message);
  const fragment = link.url.slice(link.url.indexOf('#'));
  const json = JSON.stringify(session).length;
  const figures = [
    await measure(
      'make the link (compact + compress)',
      () => makeShareLink(session, 'https://playground.example/'),
      200,
    ),
    await measure('open the link (decompress + validate)', () => readShareFragment(fragment), 200),
  ];
  printFigures(
    `Share link: ${session.tools.length} tools, ${messages.length} messages — link ${link.chars} characters (${(link.chars / 1024).toFixed(1)} KB), session JSON ${(json / 1024).toFixed(1)} KB`,
    figures,
  );
});

test('lesson links of the built-in lessons', async () => {
  const { BUILTIN_LESSONS } = await import('@/lib/opening/builtin-lessons');
  for (const lesson of BUILTIN_LESSONS) {
    const loaded = await lesson.load();
    if (!loaded.ok) throw new Error(loaded.message);
    const link = makeShareLink(loaded.session, 'https://play.example/');
    if (!link.ok) throw new Error(link.message);
    console.log(
      `lesson link "${lesson.name}": ${link.chars.toLocaleString('en')} characters (${loaded.session.lesson?.stops.length} stops)`,
    );
  }
});
