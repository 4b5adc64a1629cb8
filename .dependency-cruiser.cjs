/**
 * The layers of lib/, bottom first (see lib/README.md). A folder imports only from folders of
 * a lower layer and from itself — never from a folder beside it or above it — and no module
 * takes part in an import cycle. Type imports count. `npm run check:layers` runs these rules.
 */
const LAYERS = [
  ['model', 'limits', 'platform'],
  ['session'],
  ['messages', 'sandbox', 'tools'],
  ['wire', 'providers'],
  ['mcp'],
  ['agent'],
  ['timeline', 'evals', 'interop', 'share'],
  ['lessons'],
  ['workspace', 'server'],
];

const ALL = LAYERS.flat();

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((folder) => {
    const notBelow = ALL.filter((other) => other !== folder && LAYERS.findIndex((l) => l.includes(other)) >= index);
    return {
      name: `${folder}-imports-only-lower-layers`,
      comment: `lib/${folder} may import only from ${LAYERS.slice(0, index).flat().join(', ') || 'itself'} (and itself).`,
      severity: 'error',
      from: { path: `^lib/${folder}/` },
      to: { path: `^lib/(${notBelow.join('|')})/` },
    };
  }),
);

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
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(test|property\\.test|bench)\\.tsx?$' },
  },
};
