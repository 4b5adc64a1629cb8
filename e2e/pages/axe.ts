import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** How many scans this worker has made (the axe tests report it). */
export const axeScans = { count: 0 };

/**
 * The scan the issues ask for: WCAG 2.1 A/AA rules; what counts is serious or critical, one line
 * each. `within` scopes it to one part (a modal dialog: the page behind its overlay is dimmed).
 */
export async function seriousViolations(page: Page, screen: string, within?: string): Promise<string[]> {
  axeScans.count += 1;
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
