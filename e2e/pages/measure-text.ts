import type { Locator } from '@playwright/test';

/**
 * The smallest text on screen inside `elements`, in px: each element's own text, its font size
 * times the zoom it is drawn at (`zoomed`: graph nodes, scaled by React Flow's transform).
 */
export function smallestText(elements: Locator, zoomed = false): Promise<number> {
  return elements.evaluateAll((nodes, zoomed) => {
    const sizes: number[] = [];
    for (const node of nodes) {
      const rect = node.getBoundingClientRect();
      const zoom = zoomed ? rect.width / (node as HTMLElement).offsetWidth : 1;
      for (const element of [node, ...node.querySelectorAll('span, p, div')]) {
        const own = [...element.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim());
        if (own) sizes.push(Number.parseFloat(getComputedStyle(element).fontSize) * zoom);
      }
    }
    return Math.min(...sizes);
  }, zoomed);
}
