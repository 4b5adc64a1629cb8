import { savedSessionText } from '../../testing/saved-session';
import { expect, type Locator, type Page } from '@playwright/test';

/** The playground as a user meets it, found by the accessible names of docs/ui-contract.md. */
export class PlaygroundPage {
  readonly tools: Locator;
  readonly conversation: Locator;
  readonly timeline: Locator;
  readonly inspector: Locator;
  readonly message: Locator;
  readonly send: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.tools = page.getByRole('region', { name: 'Tools' });
    this.conversation = page.getByRole('region', { name: 'Conversation' });
    this.timeline = page.getByRole('region', { name: 'Timeline' });
    this.inspector = page.getByRole('region', { name: 'Inspector' });
    this.message = page.getByRole('textbox', { name: 'Message' });
    this.send = page.getByRole('button', { name: 'Send', exact: true });
    this.editor = page.getByRole('group', { name: 'Tool definition' });
  }

  async goto() {
    await this.page.goto('/');
    await this.ready();
  }

  /** Waits until the saved session is back and the checker and chat have loaded (just after the page). */
  async ready() {
    await expect(this.page.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  }

  /** Types a message, sends it and waits until the run has finished. */
  async sendMessage(text: string) {
    await this.message.fill(text);
    await this.send.click();
    await expect(this.page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });
  }

  /** Waits until the session saved in IndexedDB holds `text` (saves are gathered, then written): no fixed wait. */
  async savedSessionContains(text: string, key = 'tool-playground:session:default') {
    await expect
      .poll(() => this.savedSession(key).then((saved) => saved.includes(text)), { timeout: 15_000 })
      .toBe(true);
  }

  /**
   * Waits until the saved session holds the run as finished — `text` in it, and no text still
   * streaming nor a call still waiting for its result — not an earlier save made mid-run.
   */
  async savedRunFinished(text: string, key = 'tool-playground:session:default') {
    const unfinished = ['"state":"streaming"', '"state":"input-streaming"', '"state":"input-available"'];
    await expect
      .poll(
        () =>
          this.savedSession(key).then(
            (saved) => saved.includes(text) && !unfinished.some((each) => saved.includes(each)),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  /** The session as IndexedDB holds it under `key` (its JSON text), or '' when there is none. */
  private savedSession(key: string): Promise<string> {
    return savedSessionText(this.page, key);
  }

  /** Accessible names of the graph's nodes, in order. */
  async nodeNames(): Promise<string[]> {
    return this.timeline
      .locator('.react-flow__node-timeline')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  }

  /** The graph's nodes, once the follow animation settles: they stop moving between two looks. */
  async settledGraphNodes(): Promise<Locator> {
    const nodes = this.timeline.locator('.react-flow__node-timeline');
    await expect(nodes.first()).toBeVisible();
    let previous = '';
    await expect
      .poll(async () => {
        const now = await nodes.evaluateAll((all) =>
          all.map((node) => JSON.stringify(node.getBoundingClientRect())).join('|'),
        );
        const still = now === previous;
        previous = now;
        return still;
      })
      .toBe(true);
    return nodes;
  }

  node(namePrefix: string | RegExp): Locator {
    const name =
      typeof namePrefix === 'string' ? new RegExp(`^${namePrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : namePrefix;
    return this.timeline.getByRole('group', { name });
  }

  /** Selects a graph node as a keyboard user does: focus (React Flow pans it into view), then Enter. */
  async selectNode(namePrefix: string | RegExp) {
    const node = this.node(namePrefix);
    await node.focus();
    await this.page.keyboard.press('Enter');
    await expect(node).toHaveClass(/selected/);
  }

  /** `Perturb result` on the selected tool result with `preset`; the status that says what the model did (once it is done). */
  async perturbResult(preset: string): Promise<Locator> {
    await this.inspector.getByRole('button', { name: 'Perturb result' }).click();
    await this.page.getByRole('menuitem', { name: preset }).click();
    const said = this.inspector
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${preset.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the model `) });
    await expect(said).toBeVisible({ timeout: 30_000 });
    return said;
  }

  async selectTool(name: string) {
    await this.tools.getByRole('button', { name, exact: true }).click();
    await expect.poll(() => this.editorText()).toContain(`"name": "${name}"`);
  }

  /** The editor's text as Monaco renders it (visible lines only), whitespace and wrapping folded to single spaces. */
  async editorText(): Promise<string> {
    await expect(this.editor.locator('.view-lines')).toBeVisible();
    // The token X-ray's inlay hints are text Monaco injects (spans with a dynamic rule class): not the definition's.
    const text = await this.editor.locator('.view-lines').evaluate((lines) => {
      const copy = lines.cloneNode(true) as HTMLElement;
      for (const hint of copy.querySelectorAll('[class*="dyn-rule-"]')) hint.remove();
      return [...copy.querySelectorAll<HTMLElement>('.view-line')]
        .sort((a, b) => Number.parseFloat(a.style.top) - Number.parseFloat(b.style.top))
        .map((line) => line.textContent ?? '')
        .join('\n');
    });
    return text.replace(/[\s\u00a0]+/g, ' ');
  }

  /** Puts the caret in the Monaco editor inside `container` (near its top, which is always on screen). */
  async focusEditor(container: Locator) {
    await container.locator('.monaco-editor').click({ position: { x: 160, y: 10 } });
  }

  /** Replaces the whole definition in the editor by selecting all and pasting `text`. */
  async replaceToolDefinition(text: string) {
    await this.pasteInto(this.editor, text);
  }

  /** Selects everything in the Monaco editor inside `container` and pastes `text` over it. */
  async pasteInto(container: Locator, text: string) {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.focusEditor(container);
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('ControlOrMeta+v');
    // Monaco applies a paste asynchronously (through its paste providers): a one-line paste is
    // waited for here, so the keys pressed next land in the pasted text.
    if (!text.includes('\n')) await expect(container.locator('.view-lines')).toContainText(text);
  }

  /** Points the run at a provider: its id, model id, base URL and (optionally) a typed key. */
  async chooseProvider({
    provider,
    model,
    baseURL,
    key,
    openaiApi,
    mode = 'native',
  }: {
    provider: string;
    model: string;
    baseURL: string;
    key?: string;
    openaiApi?: string;
    mode?: string;
  }) {
    await this.page.getByRole('combobox', { name: 'Provider' }).selectOption(provider);
    await this.page.getByRole('combobox', { name: 'Model' }).fill(model);
    const settings = await this.openRunSettings();
    await settings.getByRole('combobox', { name: 'Tool-calling mode' }).selectOption(mode);
    if (openaiApi) await settings.getByRole('combobox', { name: 'OpenAI API' }).selectOption(openaiApi);
    await settings.getByRole('textbox', { name: 'Base URL' }).fill(baseURL);
    if (key) await settings.getByLabel('API key').fill(key);
    await this.closeRunSettings();
  }

  /** Runs the scripted simulated model with `script` (its steps, in order). */
  async useScript(script: unknown[]) {
    await this.page.getByRole('combobox', { name: 'Model' }).fill('simulated-scripted');
    const settings = await this.openRunSettings();
    await settings.getByRole('textbox', { name: 'Script' }).fill(JSON.stringify(script));
    await this.closeRunSettings();
  }

  /** Opens "Run settings" (the popover beside the model) unless it is open; returns it. */
  async openRunSettings(): Promise<Locator> {
    const panel = this.page.getByRole('dialog', { name: 'Run settings' });
    if (!(await panel.isVisible())) await this.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Chooses the model in the browser and loads `file` as a person does (the file chooser); the run settings stay open. */
  async loadModelFile(file: string): Promise<Locator> {
    await this.page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In your browser (no key)' });
    const settings = await this.openRunSettings();
    const chooser = this.page.waitForEvent('filechooser');
    await settings.getByRole('button', { name: 'Load a model file' }).click();
    await (await chooser).setFiles(file);
    await expect(settings.getByRole('status')).toContainText(/tool-playground-tiny.* · llama\.cpp in this tab/, {
      timeout: 60_000,
    });
    return settings;
  }

  async closeRunSettings() {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('dialog', { name: 'Run settings' })).toHaveCount(0);
  }

  /** Opens the session's menu and chooses `name` (e.g. "Export session"). */
  async sessionAction(name: string) {
    await this.page.getByRole('button', { name: 'Session actions' }).click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
  }

  /** Opens the Tools pane's "More tool actions" menu and chooses the item named `name` (e.g. "Export tools"). */
  async moreToolAction(name: string | RegExp) {
    await this.tools.getByRole('button', { name: 'More tool actions' }).click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  async addToolFromTemplate(name: string) {
    await this.tools.getByRole('button', { name: 'Add tool' }).click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
    await expect.poll(() => this.editorText()).toContain(`"name": "${name}"`);
  }

  toolProblem(): Locator {
    return this.tools.getByRole('note');
  }
}
