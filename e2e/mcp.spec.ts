import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { MCP_EVERYTHING_PORT, MCP_MODERN_PORT } from './playwright.config';

const SERVER_URL = `http://127.0.0.1:${MCP_EVERYTHING_PORT}/mcp`;
const SERVER = 'mcp-servers/everything';

async function connect(playground: PlaygroundPage, headers = '', { url = SERVER_URL, name = SERVER } = {}) {
  const { page } = playground;
  await playground.moreToolAction('Connect MCP server');
  const dialog = page.getByRole('dialog', { name: 'Connect an MCP server' });
  await dialog.getByRole('textbox', { name: 'MCP server URL' }).fill(url);
  if (headers) await dialog.getByRole('textbox', { name: 'MCP server headers' }).fill(headers);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  return playground.tools.getByRole('group', { name: `MCP ${name}` });
}

/** Connects the server on the SDK v2, which speaks 2026-07-28 (testing/start-mcp-modern-server.ts); its group, said to be on that revision. */
async function connectModern(playground: PlaygroundPage) {
  const group = await connect(playground, '', {
    url: `http://127.0.0.1:${MCP_MODERN_PORT}/mcp`,
    name: 'modern-test-server',
  });
  await expect(group).toContainText('MCP 2026-07-28');
  return group;
}

test('connect an MCP server: its tools join the list, the scripted model calls one, the result is on the timeline, and a share link replays it offline', async ({
  page,
  browser,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground, 'Authorization: Bearer mcp-secret-e2e-0123456789');
  await expect(group.getByRole('status')).toHaveText('connected');
  // The reference server has no 2026 revision: the 2025 handshake.
  await expect(group).toContainText('MCP 2025-11-25');
  await expect(group.getByRole('checkbox', { name: 'Use echo in runs' })).toBeChecked();
  await expect(group.getByRole('button', { name: 'get-tiny-image' })).toBeVisible();

  // Its definition is the server's: read-only, with its annotations and a way to an editable copy.
  await group.getByRole('button', { name: 'echo', exact: true }).click();
  await expect(playground.tools).toContainText('Runs as MCP server mcp-servers/everything');
  await expect(playground.tools).toContainText('read-only');
  await expect(playground.tools.getByRole('button', { name: 'Copy as editable tool' })).toBeVisible();

  await playground.useScript([
    { text: 'Echoing.', toolCalls: [{ toolName: 'echo', input: { message: 'hello from the model' } }] },
    { text: 'A picture.', toolCalls: [{ toolName: 'get-tiny-image', input: {} }] },
    { text: 'The server said hello back.' },
  ]);
  await playground.sendMessage('say hello through MCP');
  await expect
    .poll(() => playground.nodeNames())
    .toEqual([
      'User message: say hello through MCP',
      'Assistant message: Echoing.',
      'Tool call echo',
      'Tool result echo: ok',
      'Assistant message: A picture.',
      'Tool call get-tiny-image',
      'Tool result get-tiny-image: ok',
      'Assistant message: The server said hello back.',
    ]);
  await expect(playground.node('Tool result echo')).toContainText('Echo: hello from the model');
  await expect(playground.node('Tool result get-tiny-image')).toContainText('image');
  // The chat draws the picture the server returned.
  await playground.conversation.getByText('Result').last().click();
  await expect(playground.conversation.getByRole('img', { name: /Returned by the tool \(image\/png/ })).toBeVisible();

  // The call on the wire to the server: the tools/call as sent (the Authorization header redacted) and the answer.
  await playground.selectNode('Tool call echo');
  await playground.inspector.getByRole('tab', { name: 'Wire', exact: true }).click();
  const exchange = playground.inspector.getByRole('region', { name: 'MCP exchange' });
  await expect(exchange).toContainText('1. POST tools/call → 200');
  await expect(exchange.getByRole('group', { name: 'MCP request 1', exact: true })).toContainText(
    'hello from the model',
  );
  await expect(exchange.getByRole('group', { name: 'MCP request 1 headers' })).toContainText('[redacted]');
  await expect(exchange.getByRole('group', { name: 'MCP answer 1' })).toContainText('Echo: hello from the model');
  await expect(exchange).not.toContainText('mcp-secret');

  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).not.toContain('mcp-secret');

  // A fresh browser with no network to the MCP server: the run replays from what was recorded.
  const context = await browser.newContext();
  await context.route(`**/api/mcp`, (route) => route.abort());
  const viewer = new PlaygroundPage(await context.newPage());
  const mcpRequests: string[] = [];
  viewer.page.on('request', (request) => {
    if (request.url().includes('/api/mcp')) mcpRequests.push(request.url());
  });
  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toBeVisible();
  const shared = viewer.tools.getByRole('group', { name: `MCP ${SERVER}` });
  await expect(shared.getByRole('status')).toHaveText('not connected');
  await expect(shared.getByRole('note').filter({ hasText: 'Came with the session' })).toContainText(
    `Connect only if you trust ${SERVER_URL}`,
  );
  await expect.poll(() => viewer.nodeNames()).toContain('Tool result echo: ok');
  await expect(viewer.node('Tool result echo')).toContainText('Echo: hello from the model');
  // A link carries no exchange with the server (an answer may hold what someone typed into its form).
  await viewer.selectNode('Tool call echo');
  await viewer.inspector.getByRole('tab', { name: 'Wire', exact: true }).click();
  await expect(viewer.inspector.getByRole('region', { name: 'MCP exchange' })).toContainText(
    'files and links do not keep it',
  );
  await viewer.timeline.getByRole('button', { name: 'Replay' }).click();
  await expect(viewer.timeline.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => viewer.nodeNames()).toContain('Tool result get-tiny-image: ok');

  // Fork to edit connects nowhere by itself: the server waits for the person's Connect.
  await viewer.page.getByRole('button', { name: 'Fork to edit' }).click();
  await expect(shared.getByRole('button', { name: `Connect ${SERVER}` })).toBeVisible();
  await shared.getByRole('button', { name: `Connect ${SERVER}` }).click();
  await expect(
    viewer.page.getByRole('dialog', { name: 'Connect an MCP server' }).getByRole('textbox', { name: 'MCP server URL' }),
  ).toHaveValue(SERVER_URL);
  expect(mcpRequests).toEqual([]);
  await context.close();
});

test('a long-running MCP tool shows its progress on the running node; Stop ends it', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground);
  await expect(group.getByRole('status')).toHaveText('connected');
  await playground.useScript([
    { toolCalls: [{ toolName: 'trigger-long-running-operation', input: { duration: 30, steps: 30 } }] },
    { text: 'stopped' },
  ]);
  await playground.message.fill('run the long operation');
  await playground.send.click();
  await expect(playground.timeline.getByRole('progressbar', { name: /^Progress \d+\/30/ })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(playground.node('Tool result trigger-long-running-operation')).toHaveAccessibleName(
    'Tool result trigger-long-running-operation: stopped',
  );
});

test('a tool that runs as a task (MCP tasks): its status is on the running node, its question waits for you, and its result comes back', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground);
  await expect(group.getByRole('button', { name: 'simulate-research-query' })).toBeVisible();
  await playground.useScript([
    { toolCalls: [{ toolName: 'simulate-research-query', input: { topic: 'python', ambiguous: true } }] },
    { text: 'Researched.' },
  ]);
  await playground.message.fill('research python');
  await playground.send.click();
  // The task's status, polled from the server, is the running node's progress line.
  await expect(playground.timeline).toContainText(/Task working: (Gathering sources|Analyzing content)/);
  const form = page.getByRole('region', { name: 'Waiting for your answer' });
  await expect(form).toContainText('could have multiple interpretations');
  await form
    .getByRole('combobox', { name: 'Clarification (required)' })
    .selectOption({ label: 'Python snake species' });
  await form.getByRole('button', { name: 'Send answer' }).click();
  await expect(form).toBeHidden();
  await expect(playground.node('Tool result simulate-research-query')).toContainText('python (snake)', {
    timeout: 30_000,
  });
  await expect(playground.conversation.getByText('Researched.')).toBeVisible();
});

test('2026-07-28: a tool that runs only as a task goes through the Tasks extension: its status on the running node, its question, its result, and the exchange on the wire', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connectModern(playground);
  await expect(group).toContainText('MCP 2026-07-28');
  await playground.useScript([{ toolCalls: [{ toolName: 'quarterly_report', input: {} }] }, { text: 'Reported.' }]);
  await playground.message.fill('write the quarterly report');
  await playground.send.click();
  const form = page.getByRole('region', { name: 'Waiting for your answer' });
  await expect(form).toContainText('Which quarter should the report cover?');
  // While the task waits for the answer, its status (polled with tasks/get) is the running node's progress line.
  await expect(playground.timeline).toContainText('Task input required: Waiting for the quarter');
  await form.getByRole('combobox', { name: 'Quarter (required)' }).selectOption({ label: 'Q3' });
  await form.getByRole('button', { name: 'Send answer' }).click();
  await expect(form).toBeHidden();
  await expect(playground.node('Tool result quarterly_report')).toContainText('Report for Q3', { timeout: 30_000 });
  await expect(playground.conversation.getByText('Reported.')).toBeVisible();
  // On the wire: the plain call refused (the tool runs only as a task), then the call through the extension and its polls.
  await playground.selectNode('Tool call quarterly_report');
  await playground.inspector.getByRole('tab', { name: 'Wire', exact: true }).click();
  const exchange = playground.inspector.getByRole('region', { name: 'MCP exchange' });
  await expect(exchange).toContainText('1. POST tools/call → 200');
  await expect(exchange.getByRole('group', { name: 'MCP answer 1' })).toContainText('-32021');
  await expect(exchange).toContainText('POST tasks/get');
  await expect(exchange).toContainText('POST tasks/update');
});

test('a prompt goes into the message box; a resource is attached as context; Disconnect and Remove', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground);
  await group.getByText('Prompts', { exact: true }).click();
  await group.getByRole('textbox', { name: 'Arguments Prompt: city' }).fill('Lyon');
  await group.getByRole('button', { name: 'Insert prompt Arguments Prompt' }).click();
  await expect(playground.message).toHaveValue("What's weather in Lyon?");
  await group.getByText('Resources', { exact: true }).click();
  const attach = group.getByRole('button', { name: /^Attach resource / }).first();
  await attach.click();
  await expect(playground.message).toHaveValue(/What's weather in Lyon\?\n\n<resource uri="demo:\/\//);

  await group.getByRole('button', { name: `Disconnect ${SERVER}` }).click();
  await expect(group.getByRole('status')).toHaveText('not connected');
  await group.getByRole('button', { name: `Remove ${SERVER}` }).click();
  await expect(group).toHaveCount(0);
  await expect(playground.tools.getByRole('button', { name: 'echo', exact: true })).toHaveCount(0);
});

test('a server that speaks 2026-07-28: the group says so, and the model gets its structured content (an array)', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connectModern(playground);
  await expect(group.getByRole('status')).toHaveText('connected');
  await expect(group).toContainText('MCP 2026-07-28');
  // A tool whose x-mcp-header is no HTTP token is left out (the SDK could not call it), and the group says which and why.
  const leftOut = group.getByRole('note', { name: 'Tools left out' });
  await expect(leftOut).toContainText('1 tool of this server is left out');
  await leftOut.getByText('left out').click();
  await expect(leftOut).toContainText("regional_echo: region: x-mcp-header 'Has Space' is not a valid RFC 9110 token");
  await expect(group.getByRole('button', { name: 'regional_echo', exact: true })).toHaveCount(0);
  await playground.useScript([
    { text: 'Counting.', toolCalls: [{ toolName: 'tally', input: { to: 3 } }] },
    { text: 'Three.' },
  ]);
  await playground.sendMessage('count to three');
  await expect(playground.node('Tool result tally')).toContainText('1, 2, 3');
  await playground.conversation.getByText('Result').last().click();
  await playground.conversation.getByText('Structured content').last().click();
  await expect(playground.conversation.getByText('Structured content').last().locator('..')).toContainText('3');
});

test('a server asks for input mid-run (2025-11-25): the form waits for you, the answer goes back and the run goes on', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  // 2025-11-25: the reference server asks with elicitation/create while its tool runs.
  const group = await connect(playground);
  await expect(group.getByRole('button', { name: 'trigger-elicitation-request' })).toBeVisible();
  await playground.useScript([
    { text: 'Asking you.', toolCalls: [{ toolName: 'trigger-elicitation-request', input: {} }] },
    { text: 'Thanks.' },
  ]);
  // Sent without waiting for the run to end: it waits for the answer.
  await playground.message.fill('ask me something');
  await playground.send.click();
  const form = page.getByRole('region', { name: 'Waiting for your answer' });
  await expect(form).toContainText('Please provide inputs for the following fields');
  await expect(playground.timeline).toContainText('waiting for your answer');
  await form.getByRole('textbox', { name: 'String' }).first().fill('Ada Lovelace');
  await form.getByRole('checkbox', { name: 'Piano' }).check();
  await form.getByRole('button', { name: 'Send answer' }).click();
  await expect(form).toBeHidden();
  await expect(playground.node('Tool result trigger-elicitation-request')).toContainText('Ada Lovelace');
  await expect(playground.conversation.getByText('Thanks.')).toBeVisible();
  // The question is part of the run: a node between the call and its result, which names the fields, never their values.
  const asked = playground.node('Question trigger-elicitation-request: answered');
  await expect(asked).toContainText('Please provide inputs for the following fields');
  await expect(asked).not.toContainText('Ada Lovelace');
  // On the wire, in this tab: the question came on the call's stream, the answer went back as its own POST.
  await playground.selectNode('Question trigger-elicitation-request');
  await playground.inspector.getByRole('tab', { name: 'Wire', exact: true }).click();
  const exchange = playground.inspector.getByRole('region', { name: 'MCP exchange' });
  await expect(exchange).toContainText('1. POST tools/call → 200');
  await expect(exchange.getByRole('group', { name: 'MCP answer 1' })).toContainText('elicitation/create');
  await expect(exchange).toContainText('2. POST answer to request');
  await expect(exchange.getByRole('group', { name: 'MCP request 2', exact: true })).toContainText('Ada Lovelace');
});

test('a server asks you to open a page (URL mode): the address is shown whole, Open the page opens it in a new tab and the tool goes on', async ({
  page,
  context,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground);
  await expect(group.getByRole('button', { name: 'trigger-url-elicitation' })).toBeVisible();
  // The page to open is this playground's own address: nothing leaves the machine.
  const address = `${new URL(page.url()).origin}/?signed-in=1`;
  await playground.useScript([
    {
      text: 'Signing you in.',
      toolCalls: [{ toolName: 'trigger-url-elicitation', input: { url: address, message: 'Sign in to continue.' } }],
    },
    { text: 'Signed in.' },
  ]);
  await playground.message.fill('sign me in');
  await playground.send.click();
  const question = page.getByRole('region', { name: 'Waiting for your answer' });
  await expect(question).toContainText('Sign in to continue.');
  await expect(question).toContainText(address);
  await expect(playground.timeline).toContainText('waiting for your answer');
  const opened = context.waitForEvent('page');
  await question.getByRole('link', { name: 'Open the page' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(address);
  // Opened without this page as its opener.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
  await expect(question).toBeHidden();
  await expect(playground.node('Tool result trigger-url-elicitation')).toContainText(
    'User completed the URL elicitation flow',
  );
  await expect(playground.conversation.getByText('Signed in.')).toBeVisible();
  await expect(playground.node('Question trigger-url-elicitation: answered')).toContainText('Asked to open a page');
});

test('2026-07-28: a call answered with input_required asks you; Decline goes back and the tool answers without it', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const form = page.getByRole('region', { name: 'Waiting for your answer' });
  // The server answers the call with input_required; the SDK retries it with the answer.
  const modern = await connectModern(playground);
  await expect(modern).toContainText('MCP 2026-07-28');
  await playground.useScript([{ text: 'Greeting.', toolCalls: [{ toolName: 'greet', input: {} }] }, { text: 'Done.' }]);
  await playground.message.fill('greet me');
  await playground.send.click();
  await expect(form).toContainText('What is your name?');
  await form.getByRole('button', { name: 'Decline' }).click();
  await expect(form).toBeHidden();
  await expect(playground.node('Tool result greet')).toContainText('No name given.');
  await expect(playground.node('Question greet: declined')).toContainText('What is your name?');
});

test('Check this server: the official conformance suite runs against the server, verdict by verdict, grouped by revision', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const group = await connect(playground);
  await group.getByRole('button', { name: 'Check this server' }).click();
  const dialog = page.getByRole('dialog', { name: `Check ${SERVER}` });
  const revision = dialog.getByRole('region', { name: 'Checks for 2025-11-25' });
  await expect(revision).toContainText(/MCP 2025-11-25 · \d+ passed, \d+ failed/, { timeout: 60_000 });
  await expect(dialog).toContainText('@modelcontextprotocol/conformance 0.1.16');
  await expect(dialog).toContainText('tools/list gives the same tools in the same order twice');
  // A scenario opens to its checks, each with the requirement in the suite's words.
  await revision.getByText('ping', { exact: false }).first().click();
  await expect(revision).toContainText('Server responds to ping requests');
  // Beside the suite: what the playground judges of the server's tools.
  const judged = dialog.getByRole('region', { name: 'Judged by the playground' });
  await expect(judged).toContainText(/What the playground judges of its \d+ tools/);
  await expect(judged).toContainText(/Context cost: ≈? ?[\d,]+ tokens of/);
  await expect(judged).toContainText(/Compatibility: every tool fits as written on \d of 8 targets/);
  await judged.getByText(/Compatibility:/).click();
  await expect(judged).toContainText('OpenAI Chat (strict):');
  await expect(judged).toContainText('x-mcp-header');
});
