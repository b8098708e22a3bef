import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// In dev the console runs on Vite with hot reload and forwards the API to the server in watch mode.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;

export default defineConfig({
  plugins: [tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/tags': apiTarget, '/events': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // Libraries mark modules "use client" for server-component frameworks; a SPA has no server side.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
