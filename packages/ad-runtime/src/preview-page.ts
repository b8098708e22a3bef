// /serve/preview.js (built to dist/preview.js as one minified IIFE): the script of the creative editor's
// preview page (/serve/preview). The page names the console's origin on this script's tag
// (`data-console-origin`); the frames' scripts get this script's nonce, and the In-Banner Video part
// comes from /serve/video.js of this script's origin, as on a publisher's page.
import { startPreview } from './preview';

try {
  const script = document.currentScript as HTMLScriptElement | null;
  const root = document.getElementById('preview');
  const consoleOrigin = script?.dataset.consoleOrigin;
  if (script && root && consoleOrigin) {
    startPreview({ root, consoleOrigin, origin: new URL(script.src).origin, nonce: script.nonce });
  }
} catch {
  // A page without its slot or console: nothing to draw.
}
