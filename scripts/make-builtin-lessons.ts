// Records the built-in lessons: each spec's example run, made with the simulated model through the
// real chat loop and route, saved with its stops to lib/opening/builtin-lessons/<id>.json.
// `npm run lessons:record` (tsx, with the `react-server` condition so server-only modules load
// outside Next). lib/opening/builtin-lessons.test.ts checks what it wrote on every test run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_LESSON_SPECS, placeStops } from '../lib/opening/builtin-lesson-specs';
import { serializeSessionFile } from '../lib/session/session-file';
import { runConversation } from '../testing/run-conversation';

const folder = join(import.meta.dirname, '..', 'lib', 'opening', 'builtin-lessons');
for (const spec of BUILTIN_LESSON_SPECS) {
  const { store } = await runConversation(spec.example.draft, {
    configure: (target) => target.getState().loadSession(structuredClone(spec.example.session), { trusted: true }),
  });
  const state = store.getState();
  const file = join(folder, `${spec.id}.json`);
  writeFileSync(file, serializeSessionFile({ ...state, lesson: { stops: placeStops(state.messages, spec) } }));
  console.log(`${spec.name}: ${state.messages.length} messages, ${spec.stops.length} stops → ${file}`);
}
