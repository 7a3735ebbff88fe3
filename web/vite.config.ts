import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the API and the free sample PDFs; in development the SPA reaches it through this proxy.
const gateway = 'http://localhost:8080';
const proxy = { '/api': gateway, '/samples': gateway };

export default defineConfig({
  // @vitejs/plugin-react is hoisted to the root next to vitest's vite 8, so its declared types name vite 8's
  // Plugin; it runs fine under this package's vite 7.
  plugins: [react() as unknown as PluginOption],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
