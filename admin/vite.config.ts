import { defineConfig } from 'vite';

// Served by Vellum under /admin; the build reports each chunk's gzipped size (the sign-in budget is 150 KB, checked by studio-shell.e2e-spec.ts).
export default defineConfig({
  root: __dirname,
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    rollupOptions: {
      // React Query marks modules "use client" for server-component bundlers; meaningless in a SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
