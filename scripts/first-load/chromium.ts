import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium where it is installed (CI installs it), Playwright's own elsewhere; headless, as the measures run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
}
