import { describe, expect, it } from 'vitest';
import { boundsOf, needsNewWindow, overlaps, viewBox, windowAround } from './flow-window';

describe('the part of a long graph given to React Flow', () => {
  it('reads the view from the viewport: a pane of 800 × 600 at zoom 2, moved left and up', () => {
    expect(viewBox({ x: -200, y: -400, zoom: 2 }, 800, 600)).toEqual({ x: 100, y: 200, width: 400, height: 300 });
  });

  it('keeps a margin of at least 1,200 units around the view, or a view’s size when bigger', () => {
    expect(windowAround({ x: 0, y: 0, width: 400, height: 300 })).toEqual({
      x: -1200,
      y: -1200,
      width: 2800,
      height: 2700,
    });
    expect(windowAround({ x: 0, y: 0, width: 2000, height: 1500 })).toEqual({
      x: -2000,
      y: -1500,
      width: 6000,
      height: 4500,
    });
  });

  it('moves only when the view nears the edge: half a margin', () => {
    const view = { x: 0, y: 0, width: 400, height: 300 };
    const window = windowAround(view);
    expect(needsNewWindow(undefined, view)).toBe(true);
    expect(needsNewWindow(window, view)).toBe(false);
    expect(needsNewWindow(window, { ...view, y: 599 })).toBe(false);
    expect(needsNewWindow(window, { ...view, y: 601 })).toBe(true);
    expect(needsNewWindow(window, { ...view, x: -601 })).toBe(true);
    // Zoomed out past what the window holds.
    expect(needsNewWindow(window, { x: -1000, y: -1000, width: 3000, height: 3000 })).toBe(true);
  });

  it('keeps a node that overlaps the window, not one beside it', () => {
    const window = { x: 0, y: 0, width: 100, height: 100 };
    expect(overlaps(window, { x: 90, y: 90, width: 240, height: 76 })).toBe(true);
    expect(overlaps(window, { x: -240, y: 0, width: 240, height: 76 })).toBe(false);
    expect(overlaps(window, { x: 0, y: 100, width: 240, height: 76 })).toBe(false);
  });

  it('bounds boxes, and nothing for none', () => {
    expect(
      boundsOf([
        { x: 0, y: 10, width: 5, height: 5 },
        { x: -5, y: 0, width: 5, height: 40 },
      ]),
    ).toEqual({ x: -5, y: 0, width: 10, height: 40 });
    expect(boundsOf([])).toBeUndefined();
  });
});
