// A build step of the console: the two pages the server sends (docs/console.md, "The account pages
// without React Router"). The account pages (sign in, sign up, password reset, ping) get the page as
// Vite wrote it, as `account.html`: they are drawn without React Router and never download it. Every
// other page gets `index.html` with a `modulepreload` link for each file of the console's router part
// (`src/app.tsx` and the files it imports), so those downloads start beside the entry's instead of
// after it has run.
import type { Plugin, Rolldown } from 'vite';
import { loadedFiles } from './route-chunks';

/** The console's router part, whose files the signed-in and share pages preload. */
const CONSOLE_PART = /[\\/]src[\\/]app\.tsx$/;

export function consolePages(): Plugin {
  return {
    name: 'adconsole:console-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      const chunks = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === 'chunk',
      );
      // The chunk that holds the part's module (the route plan names it, so it is no longer its facade).
      const consolePart = chunks.find((chunk) => chunk.moduleIds.some((id) => CONSOLE_PART.test(id)));
      if (page?.type !== 'asset' || !consolePart) return;
      const html = String(page.source);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = loadedFiles(consolePart, byFile);
      const links = [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      this.emitFile({ type: 'asset', fileName: 'account.html', source: html });
      page.source = html.replace(/(\n\s*)<link rel="stylesheet"/, `$1${links}$1<link rel="stylesheet"`);
    },
  };
}
