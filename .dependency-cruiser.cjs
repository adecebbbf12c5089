/**
 * The layer rules of docs/ARCHITECTURE.md (DESIGN.md "Layout", issue 18), checked by
 * `npm run lint`. Each rule names the edge it forbids; a breach fails the lint with the
 * importing file and the imported one. The rule on loops between feature folders (issue 30
 * item 4, value imports counted) is scripts/feature-loops.ts, run by `npm run lint:layers`
 * after this: dependency-cruiser's folder-scoped `circular` counts type-only imports and
 * follows loops through app/lib, tests and routes.
 */
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Modules import each other in one direction only; a cycle means an interface and its implementations share a file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-the-bottom',
      severity: 'error',
      comment:
        'app/lib is cross-cutting: it takes nothing from features, content, routes or the seed. Pass domain rules in from the composition root. (Tests may drive routes.)',
      from: { path: '^app/lib/', pathNot: TEST },
      to: { path: '^app/(features|content|routes|seed)/|^app/(root|routes)\\.tsx?$' },
    },
    {
      name: 'features-not-to-routes',
      severity: 'error',
      comment: 'Features hold rules and components; routes compose them, never the other way.',
      from: { path: '^app/features/', pathNot: TEST },
      to: { path: '^app/routes/|^app/(root|routes)\\.tsx?$' },
    },
    {
      name: 'ui-primitives-stand-alone',
      severity: 'error',
      comment: 'components/ui are design-system primitives: no domain, no route.',
      from: { path: '^app/components/' },
      to: { path: '^app/(features|routes|content|seed)/' },
    },
    {
      name: 'content-is-copy',
      severity: 'error',
      comment: 'app/content is static copy: it imports no feature, route or server code.',
      from: { path: '^app/content/' },
      to: { path: '^app/(features|routes|seed)/|\\.server\\.tsx?$' },
    },
    {
      name: 'seed-stays-out-of-the-runtime',
      severity: 'error',
      comment:
        'The demo catalogue is seed data: runtime features and routes never import it (tests may).',
      from: { path: '^app/(features|lib|routes|components|content)/', pathNot: TEST },
      to: { path: '^app/seed/' },
    },
    {
      name: 'client-takes-server-types-only',
      severity: 'error',
      comment:
        'A module that can reach the browser imports *.server files for types only (route modules excepted: React Router strips their loaders and actions).',
      from: {
        path: '^app/(features|lib|components|content)/',
        pathNot: `\\.server\\.tsx?$|${TEST}`,
      },
      to: { path: '\\.server\\.tsx?$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domains-not-to-admin',
      severity: 'error',
      comment:
        'The back office sits on top of the domains (issue 30 item 4): a feature outside features/admin never imports it. The write frame (auditedWrite, recordAudit, Refusal) is in app/lib; a rule that the back office and a domain share belongs in the domain. (Tests may drive back-office flows.)',
      from: { path: '^app/features/(?!admin/)[^/]+/', pathNot: TEST },
      to: { path: '^app/features/admin/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|\\.react-router|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
