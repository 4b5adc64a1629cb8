'use client';

import { Component, type ReactNode } from 'react';
import { useRuntime } from '../runtime/runtime-context';

/**
 * What a pane shows when drawing it failed: the same region and title, the reason, and "Reset
 * this view" — which lets go of the view state the failure may hang on (the selected node, the
 * replay frame) and draws the pane again. The session itself is untouched and the other panes
 * go on working.
 */
function PaneFailed({ name, error, reset }: { name: string; error: unknown; reset: () => void }) {
  const { store } = useRuntime();
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <section aria-label={name} className="pane">
      <h2 className="pane-title">{name}</h2>
      <div role="alert" className="flex flex-col items-start gap-2 p-3 text-sm">
        <p>
          The {name} could not be drawn: {reason}
        </p>
        <p className="muted">Your session is safe, and the other panes still work.</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            const state = store.getState();
            state.selectNode(undefined);
            state.setReplayFrame(undefined);
            reset();
          }}
        >
          Reset this view
        </button>
      </div>
    </section>
  );
}

type PaneBoundaryProps = { name: string; children: ReactNode };

/**
 * Wraps one pane in a React error boundary: a render error in it stays in it (see
 * `PaneFailed`). A class, as React requires of boundaries; Next's `catchError` does the same
 * but brings ≈ 12 KB of router code into the first load.
 */
export class PaneBoundary extends Component<PaneBoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PaneFailed
        name={this.props.name}
        error={this.state.error}
        reset={() => this.setState({ error: undefined, failed: false })}
      />
    );
  }
}
