// A build step of the console: the two pages the server sends (docs/console.md, "The account pages
// without React Router"). The account pages (sign in, sign up, password reset, ping) get `account.html`,
// with a `modulepreload` link for each file of their own frame (`src/routes/account-pages.tsx` and the
// files it imports): they are drawn without React Router and never download it. Every other page gets
// `index.html` with a `modulepreload` link for each file of the console's router part (`src/app.tsx`
// and the files it imports) and of the session's calls, which its guard loads. Neither frame is in the
// entry's first load (docs/console.md, "The entry without the account pages"): the links start their
// downloads beside the entry's instead of after it has run.
import type { Plugin, Rolldown } from 'vite';
import { loadedFiles } from './route-chunks';

/** The console's router part, whose files the signed-in and share pages preload. */
const CONSOLE_PART = /[\\/]src[\\/]app\.tsx$/;
/** The account pages' frame, whose files the account pages preload. */
const ACCOUNT_PART = /[\\/]src[\\/]routes[\\/]account-pages\.tsx$/;
/** The session's calls, which the console's guard loads on the first page that asks the server. */
const SESSION_PART = /[\\/]src[\\/]session[\\/]session-queries\.ts$/;

/** The page with a `modulepreload` link for each file `parts` load that the page does not name yet. */
function withPreloads(html: string, parts: Rolldown.OutputChunk[], chunks: Rolldown.OutputChunk[]): string {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set(parts.flatMap((part) => [...loadedFiles(part, byFile)]));
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return html.replace(/(\n\s*)<link rel="stylesheet"/, `$1${links}$1<link rel="stylesheet"`);
}

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
      // The chunk that holds a part's module (the route plan names it, so it is no longer its facade).
      const holding = (part: RegExp) => chunks.find((chunk) => chunk.moduleIds.some((id) => part.test(id)));
      const consolePart = holding(CONSOLE_PART);
      const accountPart = holding(ACCOUNT_PART);
      const sessionPart = holding(SESSION_PART);
      if (page?.type !== 'asset' || !consolePart || !accountPart || !sessionPart) return;
      const html = String(page.source);
      this.emitFile({
        type: 'asset',
        fileName: 'account.html',
        source: withPreloads(html, [accountPart], chunks),
      });
      page.source = withPreloads(html, [consolePart, sessionPart], chunks);
    },
  };
}
