/**
 * The layers of lib/, bottom first (see lib/README.md). A folder imports only from folders of
 * a lower layer and from itself — never from a folder beside it or above it — and no module
 * takes part in an import cycle (in lib/, components/ or app/). Type imports count.
 * `npm run check:layers` runs these rules.
 */
const LAYERS = [
  ['shapes', 'limits', 'platform'],
  ['session'],
  ['messages', 'sandbox', 'tools'],
  ['wire', 'providers'],
  ['mcp'],
  ['agent'],
  ['timeline', 'evals', 'interop', 'share', 'environments'],
  ['what-if'],
  ['improve'],
  ['lessons'],
  ['opening', 'server'],
];

/**
 * The layers of components/, bottom first (see components/README.md): widgets; the runtime (the
 * composition root and the browser's adapters); what panes share; the panes; the shells that
 * lay the panes out. A pane never imports another pane or a shell. app/ sits on top of all.
 */
const COMPONENT_LAYERS = [
  ['ui'],
  ['runtime'],
  ['shared'],
  ['chat', 'evals', 'files', 'inspector', 'lessons', 'sandbox', 'session', 'timeline', 'tools'],
  ['playground', 'embed'],
];

/** One rule per folder: it imports only from folders of a lower layer (and from itself). */
const rulesFor = (root, layers) => {
  const all = layers.flat();
  return layers.flatMap((layer, index) =>
    layer.map((folder) => {
      const notBelow = all.filter((other) => other !== folder && layers.findIndex((l) => l.includes(other)) >= index);
      return {
        name: `${root}-${folder}-imports-only-lower-layers`,
        comment: `${root}/${folder} may import only from ${layers.slice(0, index).flat().join(', ') || 'itself'} (and itself).`,
        severity: 'error',
        from: { path: `^${root}/${folder}/` },
        to: { path: `^${root}/(${notBelow.join('|')})/` },
      };
    }),
  );
};

const ALL = LAYERS.flat();
const COMPONENTS = COMPONENT_LAYERS.flat();

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself through others (type imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-in-a-layer',
      comment: 'Every module of lib/ lives in one of the layered folders.',
      severity: 'error',
      from: { path: '^lib/', pathNot: `^lib/(${ALL.join('|')})/` },
      to: {},
    },
    {
      name: 'lib-never-imports-the-app',
      comment: 'lib/ is plain TypeScript: it never imports components/ or app/.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'components-in-a-layer',
      comment: 'Every module of components/ lives in one of its layered folders.',
      severity: 'error',
      from: { path: '^components/', pathNot: `^components/(${COMPONENTS.join('|')})/` },
      to: {},
    },
    {
      name: 'components-never-import-the-app',
      comment: 'components/ never imports app/ (the routes and pages sit on top).',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    ...rulesFor('lib', LAYERS),
    ...rulesFor('components', COMPONENT_LAYERS),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(test|property\\.test|bench)\\.tsx?$' },
  },
};
