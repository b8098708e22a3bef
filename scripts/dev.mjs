// `npm run dev`: the console on Vite with hot reload (http://localhost:5173, /api proxied) and the
// API in watch mode (tsx) on PORT (default 4000). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { buildProduct, ensureInstalled, pnpm, root } from './lib.mjs';

await ensureInstalled();
// The API serves the built ad runtime as /serve/init.js (ad tags load it); Vite serves the console.
await buildProduct({ only: ['@adconsole/ad-runtime'] });
// The console's address is Vite's: links in mails lead there, and ad serving (/serve, proxied by Vite)
// answers there too, so the creative editor's preview page is framed by its own origin, as in production.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  ['--filter', '@adconsole/api', 'run', 'dev'],
  ['--filter', '@adconsole/console', 'run', 'dev'],
].map((args) => spawn(pnpm[0], [...pnpm.slice(1), ...args], { cwd: root, stdio: 'inherit', env }));
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
