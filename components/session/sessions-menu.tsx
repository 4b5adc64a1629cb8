'use client';

import { isRunInProgress } from '@/lib/session/session-store';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { EXAMPLE_SESSIONS } from '@/lib/session/example-sessions';
import type { SessionLibrary } from './create-session-library';
import { useRuntime, useSession } from '../playground/runtime-context';

/** The Session box's entry while a shared link is on screen. */
const SHARED_OPTION = 'shared-link';

function Library({ library }: { library: SessionLibrary }) {
  const { entries, currentId, deleted } = useStore(library.state);
  const running = useSession(isRunInProgress);
  // A shared link on screen is none of the person's sessions: the list's actions would hit theirs.
  const sharedOpen = useSession((state) => state.readOnly);
  const busy = running || sharedOpen;
  const sharedTitle = sharedOpen
    ? 'A shared link is open: press “Fork to edit” to make it a session of yours first.'
    : undefined;
  const [renaming, setRenaming] = useState<string | undefined>();
  const current = entries.find((entry) => entry.id === currentId);
  return (
    <div className="flex items-center gap-1 text-xs">
      <label htmlFor="session-choice" className="muted">
        Session
      </label>
      <select
        id="session-choice"
        aria-label="Session"
        className="control max-w-44"
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
      <select
        aria-label="New session"
        className="control max-w-36"
        value=""
        disabled={running}
        onChange={(event) => {
          const choice = event.target.value;
          void library.create(
            choice === 'blank' ? undefined : EXAMPLE_SESSIONS.find((example) => example.id === choice),
          );
        }}
      >
        <option value="" disabled>
          New…
        </option>
        <option value="blank">Blank session</option>
        {EXAMPLE_SESSIONS.map((example) => (
          <option key={example.id} value={example.id}>
            Example: {example.name}
          </option>
        ))}
      </select>
      {renaming !== undefined ? (
        <form
          className="flex gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            library.rename(currentId, renaming);
            setRenaming(undefined);
          }}
        >
          <input
            aria-label="Session name"
            className="control w-32"
            value={renaming}
            autoFocus
            onChange={(event) => setRenaming(event.target.value)}
          />
          <button type="submit" className="button">
            Save name
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button"
          disabled={sharedOpen}
          title={sharedTitle}
          onClick={() => setRenaming(current?.name ?? '')}
        >
          Rename session
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={sharedOpen}
        title={sharedTitle}
        onClick={() => library.duplicate(currentId)}
      >
        Duplicate session
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        title={sharedTitle}
        onClick={() => void library.remove(currentId)}
      >
        Delete session
      </button>
      {deleted ? (
        <span role="status" className="flex items-center gap-1">
          Deleted “{deleted.entry.name}”.
          <button type="button" className="underline" onClick={() => library.undoRemove()}>
            Undo delete
          </button>
        </span>
      ) : null}
    </div>
  );
}

/** The saved sessions: switch, new (blank or an example), rename, duplicate, delete with undo. */
export function SessionsMenu() {
  const { library } = useRuntime();
  // The list lives in the browser's storage: shown after mount, so the server's page and the first client render agree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return library && mounted ? <Library library={library} /> : null;
}
