import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The environment variable that turns local stdio servers on: the commands allowed, comma-separated. */
export const STDIO_COMMANDS_ENV = 'PLAYGROUND_MCP_STDIO_COMMANDS';

const TOKEN_KEY = Symbol.for('tool-playground.mcp-stdio-token');
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The commands the operator allows (exact names, e.g. `npx`, `node`, `/usr/local/bin/my-server`); none: stdio is off. */
export function readStdioCommands(env: Record<string, string | undefined>): string[] {
  return (env[STDIO_COMMANDS_ENV] ?? '')
    .split(',')
    .map((command) => command.trim())
    .filter((command) => command !== '');
}

/** This server process's start token (made on first use, never stored): the page must present it to spawn anything. */
export function stdioStartToken(): string {
  const holder = globalThis as { [TOKEN_KEY]?: string };
  holder[TOKEN_KEY] ??= randomBytes(24).toString('base64url');
  return holder[TOKEN_KEY];
}

/** Tells the operator, once, that stdio servers are on, for which commands, and this start's token. */
export function announceStdio(
  env: Record<string, string | undefined>,
  log: (line: string) => void = console.log,
): void {
  const commands = readStdioCommands(env);
  if (commands.length === 0) return;
  log(
    `MCP stdio servers are ON for: ${commands.join(', ')} (${STDIO_COMMANDS_ENV}). Anyone who can reach this server on loopback with this start's token can run these commands.\nStart token: ${stdioStartToken()}`,
  );
}

const hostnameOf = (host: string) => {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
};

export type StdioCheck = { ok: true } | { ok: false; status: number; code: string; message: string };

/**
 * Whether a page may start a local stdio server (issue 17; MCP Inspector's CVE-2025-49596 is
 * what an open spawn route leads to): only when the operator named the command in
 * PLAYGROUND_MCP_STDIO_COMMANDS, only through a loopback address (Host and Origin — no DNS
 * rebinding, no other site), only with this start's token.
 */
export function checkStdioRequest({
  env,
  host,
  origin,
  token,
  command,
}: {
  env: Record<string, string | undefined>;
  host: string;
  origin: string | null;
  token: string;
  command: string;
}): StdioCheck {
  const commands = readStdioCommands(env);
  if (commands.length === 0)
    return {
      ok: false,
      status: 403,
      code: 'stdio_off',
      message: `Local stdio servers are off. The operator turns them on with ${STDIO_COMMANDS_ENV} (see SECURITY.md: it lets this page run commands).`,
    };
  const originHost = origin ? hostnameOf(origin.replace(/^https?:\/\//, '')) : undefined;
  if (!LOOPBACK.has(hostnameOf(host)) || (originHost !== undefined && !LOOPBACK.has(originHost)))
    return {
      ok: false,
      status: 403,
      code: 'stdio_not_loopback',
      message: 'Local stdio servers start only for a page opened on this machine (localhost, 127.0.0.1 or [::1]).',
    };
  const expected = Buffer.from(stdioStartToken());
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      status: 403,
      code: 'stdio_bad_token',
      message: "Wrong start token: copy it from the playground server's log (it changes at every start).",
    };
  if (!commands.includes(command))
    return {
      ok: false,
      status: 403,
      code: 'stdio_command_refused',
      message: `"${command.slice(0, 100)}" is not an allowed command; allowed: ${commands.join(', ')}.`,
    };
  return { ok: true };
}
