import { expect, type Page } from '@playwright/test';
import type { PlaygroundPage } from './playground-page';

/** The `Tool from code` dialog: choose a language, paste, read the preview. */
export class ToolFromCode {
  readonly dialog;
  constructor(
    readonly page: Page,
    readonly playground: PlaygroundPage,
  ) {
    this.dialog = page.getByRole('dialog', { name: 'Tool from code' });
  }

  async open() {
    await this.playground.tools.getByRole('button', { name: 'Tool from code' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Chooses the language, pastes the code and waits for the preview to read it. */
  async paste(language: string, code: string) {
    await this.dialog.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
    await this.playground.pasteInto(this.dialog.getByRole('group', { name: 'Code' }), code);
  }

  preview(name: string) {
    return this.dialog.getByRole('article', { name: `Tool JSON ${name}` });
  }

  /** The tool's JSON as the preview shows it. */
  async previewJson(name: string) {
    await expect(this.preview(name)).toBeVisible({ timeout: 30_000 });
    return JSON.parse((await this.preview(name).locator('pre').textContent()) ?? '');
  }
}
