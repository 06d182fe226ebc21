import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The back office is a static single-page app (ADR 028): `npm run build -w @kometa/backoffice` writes
 * dist/, which its host (server/host.ts) serves next to the operator API. In development Vite serves
 * it and passes /api/admin to the API on 3001.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 3002,
    proxy: { '/api/admin': { target: 'http://127.0.0.1:3001', changeOrigin: false } },
  },
});
