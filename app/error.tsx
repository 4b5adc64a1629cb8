'use client';

/**
 * The last line of defence: an error no pane caught (each pane has its own boundary). The
 * session lives in this browser's storage, untouched by the failure: "Try again" draws the
 * page again from it.
 */
export default function PageError({ error, reset }: { error: unknown; reset: () => void }) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <main className="flex flex-col items-start gap-3 p-6 text-sm">
      <h1 className="text-lg font-semibold">The playground could not be drawn</h1>
      <p role="alert">{reason}</p>
      <p className="muted">
        Your session is saved in this browser and was not changed. Try again, or reload the page; if it keeps failing,
        open Actions → Export session once it shows, and report the problem with that file.
      </p>
      <button type="button" className="button" onClick={() => reset()}>
        Try again
      </button>
    </main>
  );
}
