/**
 * Module boundaries, checked by `npm run lint` (dependency-cruiser). ARCHITECTURE.md explains
 * them. Deep imports into a library's dist folder are ESLint's (no-restricted-imports), because
 * only the specifier as written shows them.
 */
const FEATURES = '(work-order|asset-intelligence)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-internals',
      comment: "A feature module uses another only through what it exports: the other feature's index.ts (ports such as KnownAssetLookup).",
      severity: 'error',
      from: { path: `^src/${FEATURES}/` },
      to: { path: `^src/${FEATURES}/`, pathNot: [`^src/$1/`, `^src/${FEATURES}/index\\.ts$`] },
    },
    {
      name: 'config-imports-no-feature',
      comment: 'Configuration reads the environment; the composition root (app.module.ts) hands it to the features.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: `^src/(${FEATURES.slice(1, -1)}|health|cli)/` },
    },
    {
      name: 'common-is-a-leaf',
      comment: 'common/ holds HTTP and utility building blocks every module may use, so it depends on no other part of src.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/', pathNot: '^src/common/' },
    },
    {
      name: 'shared-layers-import-no-feature',
      comment: 'auth, llm, knowledge, database and config are used by the features, never the other way round.',
      severity: 'error',
      from: { path: '^src/(auth|llm|knowledge|database|config|common)/' },
      to: { path: `^src/${FEATURES}/` },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and modules impossible to read alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'production-code-imports-no-tests',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: { path: '(^test/|\\.spec\\.ts$)' },
    },
    {
      name: 'no-dev-dependencies-in-production',
      comment: 'What src (outside tests and evaluation tooling) imports must be a runtime dependency.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.spec\\.ts$', '^src/knowledge/eval/'] },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^dist/|^node_modules/)' },
  },
};
