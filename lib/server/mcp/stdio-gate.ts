import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The environment variable that turns local stdio servers on: the command lines allowed, one
 * per line or separated by `;`, each the program and its arguments as words (no quoting).
 * A word `*` stands for any one argument, a last word `**` for any further arguments — but
 * neither ever stands for an interpreter's eval flag (see `EVAL_FLAGS`).
 */
export const STDIO_COMMANDS_ENV = 'PLAYGROUND_MCP_STDIO_COMMANDS';

const TOKEN_KEY = Symbol.for('tool-playground.mcp-stdio-token');
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Flags that make an interpreter run code given on its command line (node, python, deno, bash, perl, ruby…). */
const EVAL_FLAGS = [
  '-e',
  '-c',
  '-p',
  '-r',
  '--eval',
  '--print',
  '--import',
  '--require',
  '--experimental-loader',
  '--loader',
];

/** Whether an argument is an eval flag (`-e`, `--eval=…`, `-pe`, `--require=x`): only an entry naming it exactly lets it through. */
function isEvalFlag(argument: string): boolean {
  const flag = argument.split('=')[0];
  if (EVAL_FLAGS.includes(flag)) return true;
  // A cluster of short flags (`-pe`, `-ec`) that holds one of them.
  return /^-[A-Za-z]{2,}$/.test(flag) && /[ecpr]/.test(flag.slice(1));
}

/** An allowed command line: its words (`*` and a last `**` are patterns). */
export type StdioCommandLine = readonly string[];

/** The command lines the operator allows; none: stdio is off. */
export function readStdioCommands(env: Record<string, string | undefined>): StdioCommandLine[] {
  return (env[STDIO_COMMANDS_ENV] ?? '')
    .split(/[;\n]/)
    .map((line) =>
      line
        .trim()
        .split(/\s+/)
        .filter((word) => word !== ''),
    )
    .filter((words) => words.length > 0);
}

/** Whether a command line is one the operator allows: word for word, patterns never matching an eval flag. */
export function isAllowedCommandLine(allowed: StdioCommandLine, command: string, args: readonly string[]): boolean {
  const words = [command, ...args];
  for (let index = 0; index < allowed.length; index++) {
    const pattern = allowed[index];
    if (pattern === '**' && index === allowed.length - 1) return words.slice(index).every((word) => !isEvalFlag(word));
    const word = words[index];
    if (word === undefined) return false;
    if (pattern === '*' ? isEvalFlag(word) : pattern !== word) return false;
  }
  return words.length === allowed.length;
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
    `MCP stdio servers are ON for: ${commands.map((line) => line.join(' ')).join('; ')} (${STDIO_COMMANDS_ENV}). Anyone who can reach this server on loopback with this start's token can run these command lines.\nStart token: ${stdioStartToken()}`,
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
 * Whether a page may start a local stdio server (see docs/decisions/mcp-stdio-gate.md): only a command line the operator allows in
 * PLAYGROUND_MCP_STDIO_COMMANDS, only through a loopback address (Host and Origin — no DNS
 * rebinding, no other site), only with this start's token.
 */
export function checkStdioRequest({
  env,
  host,
  origin,
  token,
  command,
  args,
  peer,
  client,
}: {
  env: Record<string, string | undefined>;
  host: string;
  origin: string | null;
  /** The socket's address as the server stamped it (`peerAddressOf`); undefined when unknown. */
  peer: string | undefined;
  /** The client's address (`clientAddressOf`: the socket's, or through trusted proxies). */
  client: string | undefined;
  token: string;
  command: string;
  args: readonly string[];
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
  // The socket's address, which the server stamps (never a header the client writes), and the
  // client's through any trusted proxies: both must be this machine. Unknown is not local.
  const isLoopbackAddress = (address: string | undefined) =>
    address !== undefined && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);
  const peerIsLocal = isLoopbackAddress(peer) && isLoopbackAddress(client);
  if (!peerIsLocal || !LOOPBACK.has(hostnameOf(host)) || (originHost !== undefined && !LOOPBACK.has(originHost)))
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
  if (!commands.some((allowed) => isAllowedCommandLine(allowed, command, args))) {
    const line = [command, ...args].join(' ');
    const evalFlag = args.find(isEvalFlag);
    return {
      ok: false,
      status: 403,
      code: 'stdio_command_refused',
      message: `"${line.slice(0, 300)}${line.length > 300 ? '…' : ''}" is not an allowed command line${evalFlag ? ` (${evalFlag.split('=')[0]} runs code given on the command line: only an entry that names it exactly allows it)` : ''}; allowed: ${commands.map((allowed) => allowed.join(' ')).join('; ')}.`,
    };
  }
  return { ok: true };
}
