import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

/**
 * Chromium's own work a page load should not share two cores with: headless Chromium (a full
 * browser since "new headless") makes a renderer for each new window's omnibox popup and other
 * top-chrome WebUI, and loads it while the page under test loads — on this machine ~0.6–1.5 s of
 * a core per cold visit, from about a second in: after a bare page was usable, during the
 * playground's start (docs/decisions/first-load.md, "The browser's own work"). A person's browser
 * made its popup when it started, not with the page.
 */
export const CHROMIUM_QUIET_ARGS = [
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];

/** Debian's Chromium where it is installed (CI installs it), Playwright's own elsewhere; headless, as the measures run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', ...CHROMIUM_QUIET_ARGS],
  });
}
