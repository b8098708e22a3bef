// Fluid Player (MIT, a real open-source web video player with its own VAST and VPAID support) on a
// publisher's site, as the player journeys use it: built from the package's sources, its files and a
// content video served by the publisher, and an article page that gives it only the ad tag.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { build } from 'vite';
import { root } from '../../scripts/lib.mjs';

/** Fluid Player built from the package's sources (it ships no build), as a publisher's bundler would. */
export async function buildFluidPlayer(outDir: string) {
  const source = path.join(root, 'node_modules/fluid-player');
  await build({
    configFile: false,
    logLevel: 'warn',
    root: source,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: path.join(source, 'src/browser.js'), formats: ['es'], fileName: 'fluid-player' },
    },
  });
}

export const CLIP = path.join(root, 'packages/ad-runtime/test-assets/main.mp4');
const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.mp4': 'video/mp4',
  '.html': 'text/html; charset=utf-8',
};

/** The player's files and the content video, served by the publisher's site. */
export const playerFiles = (playerDir: string) => (url: URL, response: ServerResponse) => {
  if (url.pathname.startsWith('/fluid/')) {
    const name = path.basename(url.pathname);
    try {
      const body = readFileSync(path.join(playerDir, name));
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
    return true;
  }
  if (url.pathname === '/content.mp4') {
    response.writeHead(200, { 'Content-Type': 'video/mp4' }).end(readFileSync(CLIP));
    return true;
  }
  return false;
};

/** A publisher's article with Fluid Player at its defaults, given only the ad tag and muted autoplay. */
export const playerPage = (
  vastTag: string,
  options: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => `<!doctype html>
<html><head><title>A publisher's video</title><link rel="stylesheet" href="/fluid/fluid-player.css"></head>
<body style="margin:0;font-family:sans-serif"><h1>Today's video</h1>
<video id="content" width="640" height="360"><source src="/content.mp4" type="video/mp4"></video>
<script type="module">
  import '/fluid/fluid-player.mjs';
  window.fluidPlayer('content', {
    layoutControls: { autoPlay: true, mute: true },
    vastOptions: { adList: [{ roll: 'preRoll', vastTag: ${JSON.stringify(vastTag)} }], ...${JSON.stringify(options)} },
    ...${JSON.stringify(extra)},
  });
</script></body></html>`;
