import { describe, expect, it } from 'vitest';
import { makeShareLink, readShareFragment } from '../share/share-link';
import { SESSION_LIMITS } from '../shapes/session-limits';
import { createInitialSession } from './initial-session';
import { serializeSessionFile, parseSessionFile } from './session-file';
import { parseSessionData } from './session-schema';
import { createSessionStore } from './session-store';

const base = () => {
  const { version, tools, settings, messages, files, startingFiles, sandboxChoice, approvals, activeBranch, branches } =
    createInitialSession();
  return { version, tools, settings, messages, files, startingFiles, sandboxChoice, approvals, activeBranch, branches };
};
const lesson = {
  stops: [
    { id: 's1', nodeId: 'u1', note: 'Look: `get_weather` is\nthe only tool. <b>not bold</b>' },
    { id: 's2', nodeId: 'c1:call', note: '', question: { kind: 'next-tool' } },
    {
      id: 's3',
      nodeId: 'm1:step-1',
      note: '',
      question: { kind: 'choice', prompt: 'How many?', choices: ['1', '2'], answer: 1 },
      format: 'anthropic',
    },
  ],
};

describe('lessons in the session', () => {
  it('an older session reads back with no lesson; a lesson reads back as written (notes are text)', () => {
    const old = parseSessionData(base());
    expect(old.ok && old.session.lesson).toBeUndefined();
    const read = parseSessionData({ ...base(), lesson });
    expect(read.ok && read.session.lesson).toEqual(lesson);
  });

  it('bounds what a stranger can put in one: stops, note length, choices, the right answer', () => {
    const many = {
      stops: Array.from({ length: SESSION_LIMITS.lessonStops + 1 }, (_, i) => ({ id: `s${i}`, nodeId: 'x' })),
    };
    expect(parseSessionData({ ...base(), lesson: many })).toMatchObject({ ok: false });
    const long = { stops: [{ id: 's', nodeId: 'x', note: 'x'.repeat(SESSION_LIMITS.lessonNoteChars + 1) }] };
    expect(parseSessionData({ ...base(), lesson: long })).toMatchObject({ ok: false });
    const wrong = {
      stops: [{ id: 's', nodeId: 'x', question: { kind: 'choice', prompt: '?', choices: ['a', 'b'], answer: 5 } }],
    };
    expect(parseSessionData({ ...base(), lesson: wrong })).toMatchObject({ ok: false });
    const extra = { stops: [{ id: 's', nodeId: 'x', html: '<script>' }] };
    expect(parseSessionData({ ...base(), lesson: extra })).toMatchObject({ ok: false });
  });

  it("travels in files and links; the learner's answers never do", async () => {
    const store = createSessionStore();
    store.getState().loadSession({ ...createInitialSession(), lesson } as never, { trusted: true });
    store.getState().playLesson(1);
    store.getState().answerLessonStop('s2', { given: 'bash', right: false });
    const file = serializeSessionFile(store.getState());
    expect(file).not.toContain('"given"');
    const fromFile = await parseSessionFile(file);
    expect(fromFile.ok && fromFile.session.lesson).toEqual(lesson);
    const link = makeShareLink(store.getState(), 'https://play.example/');
    if (!link.ok) throw new Error(link.message);
    const shared = await readShareFragment(link.url.slice(link.url.indexOf('#')));
    expect(shared.ok && shared.session.lesson).toEqual(lesson);
    expect(JSON.stringify(shared)).not.toContain('"given"');
    // Opened from a link, it plays from the first stop; a session without one clears the last.
    const viewer = createSessionStore();
    if (shared.ok) viewer.getState().loadSession(shared.session, { trusted: false, readOnly: true });
    expect(viewer.getState().lessonPlay).toEqual({ stop: 0, answers: {} });
    viewer.getState().loadSession(createInitialSession() as never, { trusted: true });
    expect(viewer.getState().lesson).toBeUndefined();
    expect(viewer.getState().lessonPlay).toBeUndefined();
  });

  it("the author's actions keep to the bounds and are refused on a read-only session", () => {
    const store = createSessionStore();
    const added = store.getState().addLessonStop('u1');
    expect(added.ok).toBe(true);
    const id = added.ok ? added.id : '';
    store.getState().updateLessonStop(id, { note: 'n'.repeat(SESSION_LIMITS.lessonNoteChars + 50) });
    expect(store.getState().lesson?.stops[0].note).toHaveLength(SESSION_LIMITS.lessonNoteChars);
    store.getState().addLessonStop('m1:step-1');
    store.getState().moveLessonStop(id, 1);
    expect(store.getState().lesson?.stops.map((stop) => stop.nodeId)).toEqual(['m1:step-1', 'u1']);
    store.getState().removeLessonStop(id);
    expect(store.getState().lesson?.stops).toHaveLength(1);
    store.getState().loadSession({ ...createInitialSession(), lesson } as never, { trusted: false, readOnly: true });
    store.getState().addLessonStop('x');
    expect(store.getState().lesson).toEqual(lesson);
  });
});
