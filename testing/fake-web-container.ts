import { Bash } from 'just-bash/browser';
import type { WebContainerLike, WebContainerProcessLike } from '../lib/sandbox/create-web-container-sandbox';
import type { SandboxFiles } from '@/lib/shapes/sandbox-status';

/** What the fake records, so tests can see how the adapter drove it. */
export type FakeWebContainerLog = { spawned: { command: string; args: string[]; cwd?: string }[]; killed: number };

/**
 * A stand-in for a booted WebContainer, for tests: the fs API (paths relative to the
 * workdir) and `spawn('jsh', ['-c', script])` over just-bash, whose output arrives the way a
 * terminal sends it — stdout and stderr merged, colour codes added, CRLF line ends, in chunks.
 */
export function createFakeWebContainer(
  files: SandboxFiles = {},
  workdir = '/home/workspace',
): WebContainerLike & { log: FakeWebContainerLog } {
  const bash = new Bash({
    files: Object.fromEntries(Object.entries(files).map(([path, content]) => [`${workdir}/${path}`, content])),
    cwd: workdir,
  });
  const fs = bash.fs;
  const log: FakeWebContainerLog = { spawned: [], killed: 0 };
  const absolute = (path: string) => {
    if (path.startsWith('/')) return `${workdir}${path === '/' ? '' : path}`;
    return path === '.' || path === '' ? workdir : `${workdir}/${path}`;
  };
  const enoent = (path: string) =>
    Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), { code: 'ENOENT' });

  return {
    workdir,
    log,
    fs: {
      async readFile(path) {
        if (!(await fs.exists(absolute(path)))) throw enoent(path);
        return fs.readFile(absolute(path));
      },
      writeFile: (path, data) => fs.writeFile(absolute(path), data),
      mkdir: (path) => fs.mkdir(absolute(path), { recursive: true }),
      async readdir(path) {
        if (!(await fs.exists(absolute(path)))) throw enoent(path);
        const names = await fs.readdir(absolute(path));
        return Promise.all(
          names.map(async (name) => {
            const stat = await fs.stat(`${absolute(path)}/${name}`);
            return { name, isFile: () => !stat.isDirectory, isDirectory: () => stat.isDirectory };
          }),
        );
      },
      rm: (path, options) => fs.rm(absolute(path), options),
    },
    async spawn(command, args, options = {}): Promise<WebContainerProcessLike> {
      log.spawned.push({ command, args, cwd: options.cwd });
      if (command !== 'jsh' || args[0] !== '-c')
        throw new Error(`the fake only runs jsh -c, not ${command} ${args.join(' ')}`);
      const controller = new AbortController();
      const result = bash.exec(args[1], {
        cwd: absolute(options.cwd ?? '.'),
        env: options.env,
        signal: controller.signal,
      });
      const exit = result.then((done) => (controller.signal.aborted ? 130 : done.exitCode));
      const output = new ReadableStream<string>({
        async start(stream) {
          const done = await result;
          const terminal =
            `\u001b[2m${done.stdout}\u001b[0m${done.stderr ? `\u001b[31m${done.stderr}\u001b[39m` : ''}`.replace(
              /\n/g,
              '\r\n',
            );
          for (let at = 0; at < terminal.length; at += 7) stream.enqueue(terminal.slice(at, at + 7));
          stream.close();
        },
      });
      return {
        output,
        exit,
        kill: () => {
          log.killed += 1;
          controller.abort();
        },
      };
    },
  };
}

/** A container whose one process prints `chunks` and then never exits, until killed. */
export function hangingWebContainer(chunks: string[]): WebContainerLike & { killed: () => boolean } {
  let killed = false;
  const base = createFakeWebContainer();
  return {
    ...base,
    killed: () => killed,
    spawn: async () => ({
      output: new ReadableStream<string>({
        start(stream) {
          for (const chunk of chunks) stream.enqueue(chunk);
        },
      }),
      exit: new Promise<number>(() => undefined),
      kill: () => {
        killed = true;
      },
    }),
  };
}
