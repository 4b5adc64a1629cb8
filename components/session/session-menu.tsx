'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { EXAMPLE_SESSIONS } from '@/lib/opening/example-sessions';
import { BUILTIN_LESSONS, type BuiltinLesson } from '@/lib/opening/builtin-lessons';
import { RETAIL_EXAMPLE } from '@/lib/opening/retail-example-entry';
import { openRetailExample } from './open-retail-example';
import { isRunInProgress } from '@/lib/session/session-state';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { Menu, MenuGroup, MenuItem, MenuSeparator } from '../ui/menu';
import type { SessionLibrary } from '../runtime/create-session-library';
import { useSessionFiles } from './use-session-files';
// Loaded when it is first opened: not part of the first load.
const ReplayDialog = lazy(() => import('../shared/replay-dialog').then((module) => ({ default: module.ReplayDialog })));

/** The Session box's entry while a shared link is on screen. */
const SHARED_OPTION = 'shared-link';

/** The saved sessions: the box that switches between them, rename, and delete's undo. */
function SavedSessions({ library }: { library: SessionLibrary }) {
  const { entries, currentId, deleted } = useStore(library.state);
  const running = useSession(isRunInProgress);
  const sharedOpen = useSession((state) => state.readOnly);
  const [renaming, setRenaming] = useState<string | undefined>();
  const current = entries.find((entry) => entry.id === currentId);
  return (
    <>
      <select
        aria-label="Session"
        className="control min-w-0 max-w-44"
        value={sharedOpen ? SHARED_OPTION : currentId}
        disabled={running}
        onChange={(event) => void library.switchTo(event.target.value)}
      >
        {sharedOpen ? (
          <option value={SHARED_OPTION} disabled>
            Shared link (read-only)
          </option>
        ) : null}
        {entries.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </select>
      <SessionActions library={library} onRename={() => setRenaming(current?.name ?? '')} />
      <Dialog
        open={renaming !== undefined}
        onOpenChange={(open) => setRenaming(open ? (renaming ?? '') : undefined)}
        title="Rename session"
        className="w-[min(24rem,calc(100vw-1rem))]"
      >
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            library.rename(currentId, renaming ?? '');
            setRenaming(undefined);
          }}
        >
          <input
            aria-label="Session name"
            className="control min-w-0 flex-1"
            value={renaming ?? ''}
            onChange={(event) => setRenaming(event.target.value)}
          />
          <button type="submit" className="button button-primary">
            Save name
          </button>
        </form>
      </Dialog>
      {deleted ? (
        <span role="status" className="flex min-w-0 items-center gap-1">
          <span className="truncate">Deleted “{deleted.entry.name}”.</span>
          <button type="button" className="shrink-0 underline" onClick={() => void library.undoRemove()}>
            Undo delete
          </button>
        </span>
      ) : null}
    </>
  );
}

/**
 * "Session actions": new (blank or an example), rename, duplicate, delete, and files in and
 * out. Without saved sessions (storage refused) only the files are there.
 */
function SessionActions({ library, onRename }: { library?: SessionLibrary; onRename?: () => void }) {
  const running = useSession(isRunInProgress);
  // A shared link on screen is none of the person's sessions: the list's actions would hit theirs.
  const sharedOpen = useSession((state) => state.readOnly);
  const files = useSessionFiles();
  const notice = files.notice;
  const currentId = () => library?.state.getState().currentId ?? '';
  const { playLesson, setStorageProblem } = useSessionActions();
  const [replaying, setReplaying] = useState(false);
  const firstUserMessage = useSession((state) => state.messages.find((message) => message.role === 'user')?.id);
  // A built-in lesson becomes a session of the person's own, playing from its first stop.
  const openLesson = async (lesson: BuiltinLesson) => {
    if (!library) return;
    // `Leave lesson` comes back here: a lesson's session runs its recorded script, not the person's work.
    const before = currentId();
    const cameFrom = () => {
      const from = currentId();
      if (from !== before) library.state.setState({ returnTo: { from, to: before } });
    };
    // Opened before: the person's session of it again, from its first stop — not a second copy.
    const name = `Lesson: ${lesson.name}`;
    const opened = library.state.getState().entries.find((entry) => entry.name === name);
    if (opened) {
      await library.switchTo(opened.id);
      cameFrom();
      return playLesson(0, {});
    }
    const loaded = await lesson.load();
    if (!loaded.ok) return setStorageProblem(loaded.message);
    await library.create({ id: lesson.id, name, session: loaded.session, draft: '' });
    cameFrom();
    playLesson(0, {});
  };
  return (
    <>
      <Menu label="Session actions" trigger="Actions" triggerClassName="button shrink-0">
        {library ? (
          <>
            <MenuGroup label="New session">
              <MenuItem disabled={running} onSelect={() => void library.create()}>
                Blank session
              </MenuItem>
              {EXAMPLE_SESSIONS.map((example) => (
                <MenuItem key={example.id} disabled={running} onSelect={() => void library.create(example)}>
                  Example: {example.name}
                </MenuItem>
              ))}
              <MenuItem disabled={running} onSelect={() => void openRetailExample(library, setStorageProblem)}>
                Example: {RETAIL_EXAMPLE.name}
              </MenuItem>
              {BUILTIN_LESSONS.map((lesson) => (
                <MenuItem key={lesson.id} disabled={running} onSelect={() => void openLesson(lesson)}>
                  Lesson: {lesson.name}
                </MenuItem>
              ))}
            </MenuGroup>
            <MenuSeparator />
            <MenuItem disabled={sharedOpen} onSelect={onRename}>
              Rename session
            </MenuItem>
            <MenuItem disabled={sharedOpen} onSelect={() => void library.duplicate(currentId())}>
              Duplicate session
            </MenuItem>
            <MenuItem disabled={running || sharedOpen} onSelect={() => void library.remove(currentId())}>
              Delete session
            </MenuItem>
            <MenuSeparator />
          </>
        ) : null}
        <MenuItem disabled={running || sharedOpen || !firstUserMessage} onSelect={() => setReplaying(true)}>
          Replay against the model
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={files.exportSession}>Export session</MenuItem>
        <MenuItem onSelect={() => files.sessionInput.current?.click()}>Import session</MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={files.exportTrace}>Export OpenInference</MenuItem>
        <MenuItem onSelect={() => files.traceInput.current?.click()}>Import OpenInference</MenuItem>
      </Menu>
      {replaying ? (
        <Suspense fallback={null}>
          <ReplayDialog
            open={replaying}
            onOpenChange={setReplaying}
            fromMessageId={firstUserMessage}
            title="Replay against the model"
          />
        </Suspense>
      ) : null}
      {(
        [
          [files.sessionInput, 'Session file', files.openSession],
          [files.traceInput, 'OpenInference file', files.openTrace],
        ] as const
      ).map(([ref, label, open]) => (
        <input
          key={label}
          ref={ref}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={label}
          onChange={(event) => void open(event.target.files?.[0])}
        />
      ))}
      {notice ? (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`min-w-0 max-w-80 truncate ${notice.ok ? 'muted' : 'text-role-error'}`}
          title={notice.text}
        >
          {notice.text}
        </p>
      ) : null}
    </>
  );
}

/** The session in the header: which one, and a menu for everything done with it. */
export function SessionMenu() {
  const { library } = useRuntime();
  // The list lives in the browser's storage: shown after mount, so the server's page and the first client render agree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs">
      {library ? <SavedSessions library={library} /> : <SessionActions />}
    </div>
  );
}
