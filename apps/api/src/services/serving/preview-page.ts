// GET /serve/preview: the creative editor's preview page (docs/serving.md, "The path of an ad"). The console frames it and posts it
// the draft (a ServedAd built from the unsaved creative); its script, the ad runtime's preview.js, draws
// it as a publisher's page draws a published ad. It lives on the serving origin with a nonce policy of
// its own (a new nonce each time), because the runtime writes its frames' scripts inline into `srcdoc`
// frames, which inherit the policy of the page they are in: on a console page, whose scripts come only
// from its /assets/, they were refused (the In-Banner Video player's controls never ran). Only the
// console may frame it (frame-ancestors), and only the console's messages are drawn.
import { randomBytes } from 'node:crypto';
import { SERVE_PREVIEW_SCRIPT_PATH } from '@adconsole/domain';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The preview page's HTML and policy, for a console at `publicUrl`. */
export function previewPage(publicUrl: string): { html: string; policy: string } {
  const nonce = randomBytes(16).toString('base64');
  const consoleOrigin = new URL(publicUrl).origin;
  const policy = [
    // Its script, and what the runtime adds with the nonce (the In-Banner Video part, the frames' scripts).
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${consoleOrigin}`,
  ].join('; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview</title>
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style></head>
<body><div id="preview"></div>
<script nonce="${nonce}" src="${SERVE_PREVIEW_SCRIPT_PATH}" data-console-origin="${escapeAttribute(consoleOrigin)}"></script>
</body></html>`;
  return { html, policy };
}
