// Vite builds the React SPA (src/client) from index.html at the repo root into dist/client, which
// the Fastify server serves on the same port as the API. In development the dev server proxies the
// API and the mail outbox page to that server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_TARGET = 'http://localhost:5000';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // pdf.js is large by nature; it is loaded lazily with the preview.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
});
