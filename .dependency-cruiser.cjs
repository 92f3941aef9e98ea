/**
 * Import rules of src/ (`npm run check:deps`, CI): dependency-cruiser checks the rules below file by file;
 * scripts/check-deps.ts adds the one it cannot state, no cycle between the folders of src/. The layers
 * and their direction are described in docs/ARCHITECTURE.md.
 */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-private',
      comment:
        "The items engine's stages change together; other modules use the facade (items.service.ts), so a stage can move without them.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/items/' },
      to: { path: '^src/modules/items/engine/' },
    },
    {
      name: 'common-imports-no-module',
      comment:
        'common/ is the floor every module stands on; a module imported from it would drag its providers into every other.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(modules|database|cli)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'database-imports-no-module',
      comment: 'database/ runs statements for every module; it must not depend on what a module decides.',
      severity: 'error',
      from: { path: '^src/database/' },
      to: { path: '^src/(modules|cli)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'config-imports-only-config',
      comment: 'config/ is read before anything else starts; it stands below common/ and database/.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/config/' },
    },
    {
      name: 'studio-no-circular',
      comment:
        'A Studio file never imports itself back through others: in a circle, which module runs first depends on where the bundler enters it. Type-only imports are erased before anything runs, so they close no circle.',
      severity: 'error',
      from: { path: '^admin/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the checker cannot resolve is an import it cannot judge.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and test fakes may reach anywhere; the rules are about the running code.
    exclude: { path: '\\.spec\\.ts$|/testing/' },
    // Type-only imports count: they tie folders together as much as values do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
