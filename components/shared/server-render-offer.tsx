'use client';

/** Offered in place of a rendered request while a shared session is read-only. */
export function ServerRenderOffer({ onAllow }: { onAllow: () => void }) {
  return (
    <div className="flex flex-col items-start gap-1 text-xs">
      <p className="muted">
        This session came from a link: its requests are rendered by the provider packages on this playground&apos;s
        server only when you ask.
      </p>
      <button type="button" className="button" onClick={onAllow}>
        Render the requests
      </button>
    </div>
  );
}
