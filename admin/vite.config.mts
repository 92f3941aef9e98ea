import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Vite 8 compiles TSX itself (oxc); @vitejs/plugin-react 6 has no peer set npm can resolve beside Jest's Babel 7.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      // React Router and TanStack Query mark modules "use client" for server components; a browser bundle ignores it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '^/(?!admin)': 'http://127.0.0.1:8055' } },
});
