import 'server-only';

/** The Node.js the project needs (package.json `engines`): the AI SDK 7 and `node:sqlite`. */
export const NEEDED_NODE = { major: 22, minor: 12 } as const;

/** What to say at start when this Node.js is older than the project needs; undefined when it is new enough. */
export function nodeVersionProblem(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NEEDED_NODE.major || (major === NEEDED_NODE.major && minor >= NEEDED_NODE.minor)) return undefined;
  return `This server runs Node.js ${version}; Tool Playground needs ${NEEDED_NODE.major}.${NEEDED_NODE.minor} or newer (short links and some providers will fail). Start it with \`npm start\`, which runs the project's own Node.js.`;
}
