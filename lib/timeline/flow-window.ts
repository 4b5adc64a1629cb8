/**
 * The part of a long graph handed to React Flow: the view and a margin around it. React Flow
 * keeps an internal record of every node it is given (position, size, handles, z-order), even
 * of those it does not draw, and rebuilds it whenever the list changes: for a 2,000-call run
 * (6,000 nodes) that was ~400 ms of the one long task that drew a shared link.
 */

/** A rectangle in the graph's coordinates. */
export type Box = { x: number; y: number; width: number; height: number };

/** React Flow's viewport: the graph's translation and zoom on screen. */
export type Viewport = { x: number; y: number; zoom: number };

/** The least margin around the view, in the graph's units: a few steps each way. */
const MIN_MARGIN = 1_200;

/** What a pane of `width` × `height` pixels shows of the graph at `viewport`. */
export function viewBox(viewport: Viewport, width: number, height: number): Box {
  return {
    x: -viewport.x / viewport.zoom,
    y: -viewport.y / viewport.zoom,
    width: width / viewport.zoom,
    height: height / viewport.zoom,
  };
}

/** The window for a view: the view and, each way, a view's size (at least `MIN_MARGIN`). */
export function windowAround(view: Box): Box {
  const marginX = Math.max(view.width, MIN_MARGIN);
  const marginY = Math.max(view.height, MIN_MARGIN);
  return {
    x: view.x - marginX,
    y: view.y - marginY,
    width: view.width + 2 * marginX,
    height: view.height + 2 * marginY,
  };
}

const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/**
 * Whether the window must move for this view: the view has come within half a margin of its
 * edge (or is bigger than what is left), so a pan changes the list React Flow holds once every
 * few hundred pixels, not every frame.
 */
export function needsNewWindow(window: Box | undefined, view: Box): boolean {
  if (!window) return true;
  const marginX = (window.width - view.width) / 4;
  const marginY = (window.height - view.height) / 4;
  if (marginX < 0 || marginY < 0) return true;
  return !contains(
    {
      x: window.x + marginX,
      y: window.y + marginY,
      width: window.width - 2 * marginX,
      height: window.height - 2 * marginY,
    },
    view,
  );
}

/** Whether a box overlaps the window. */
export function overlaps(window: Box, box: Box): boolean {
  return (
    box.x < window.x + window.width &&
    box.x + box.width > window.x &&
    box.y < window.y + window.height &&
    box.y + box.height > window.y
  );
}

/** The box around some boxes (undefined for none). */
export function boundsOf(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}
