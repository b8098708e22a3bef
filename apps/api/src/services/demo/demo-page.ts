// GET /serve/demo: a publisher's page showing the demo campaign's live creatives as a publisher would
// embed them: banner tags (the <ins> tag and init.js) and a small VAST player reading the VAST URL.
// It is served under a nonce Content-Security-Policy (a new nonce each time): only its own scripts
// run, the ad runtime's frames (srcdoc documents, which inherit the policy) with the nonce it hands on.
import { randomBytes } from 'node:crypto';
import { buildTag, type Creative, findPlatform } from '@adconsole/domain';
import type { Context } from '../../context';
import { listCampaignsOfOwnerEmail } from '../../db/queries/serving';
import { loadCreatives } from '../campaigns/campaign-loader';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A minimal VAST player: plays the first MediaFile and fires Impression, quartiles and clicks. */
const vastPlayer = /* js */ `
(function () {
  var fire = function (url) { if (url) new Image().src = url.trim(); };
  document.querySelectorAll('[data-vast]').forEach(function (box) {
    fetch(box.getAttribute('data-vast')).then(function (r) { return r.text(); }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, 'application/xml');
      var all = function (name) { return Array.prototype.slice.call(doc.getElementsByTagName(name)); };
      var file = all('MediaFile').filter(function (m) { return /^video\\//.test(m.getAttribute('type')); })[0];
      if (!file) { box.textContent = 'No ad'; return; }
      var video = document.createElement('video');
      video.src = file.textContent.trim(); video.muted = true; video.controls = true; video.playsInline = true;
      video.width = 480;
      box.appendChild(video);
      var tracking = {};
      all('Tracking').forEach(function (t) { (tracking[t.getAttribute('event')] = tracking[t.getAttribute('event')] || []).push(t.textContent); });
      var sent = {};
      var once = function (event) { if (sent[event]) return; sent[event] = 1; (tracking[event] || []).forEach(fire); };
      video.addEventListener('play', function () {
        if (!sent.impression) { sent.impression = 1; all('Impression').forEach(function (i) { fire(i.textContent); }); }
        once('start');
      });
      video.addEventListener('timeupdate', function () {
        var p = video.currentTime / (video.duration || 1);
        if (p >= 0.25) once('firstQuartile'); if (p >= 0.5) once('midpoint'); if (p >= 0.75) once('thirdQuartile');
      });
      video.addEventListener('ended', function () { once('complete'); });
      video.addEventListener('click', function () {
        all('ClickTracking').forEach(function (c) { fire(c.textContent); });
        var through = all('ClickThrough')[0];
        if (through) window.open(through.textContent.trim(), '_blank');
      });
      video.play().catch(function () {});
    });
  });
})();
`;

/**
 * The demo page's policy: scripts only with this response's nonce (and those they add, 'strict-dynamic',
 * as init.js adds the tracking scripts); no plugins, no <base>. Other resources (the ads' images,
 * videos, frames, beacons) stay open, as on a publisher's page.
 */
const demoPagePolicy = (nonce: string) =>
  `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'`;

/** The demo page's HTML and its policy: every live creative of the demo account's campaigns. */
export async function demoPage(ctx: Context): Promise<{ html: string; policy: string }> {
  const nonce = randomBytes(16).toString('base64');
  const nonceAttribute = `nonce="${nonce}"`;
  const owner = `demo@${ctx.config.companyDomain}`;
  const campaigns = await listCampaignsOfOwnerEmail(ctx.db, owner);
  const creatives = (await loadCreatives(ctx, { campaignIds: campaigns.map((c) => c.id) })) as Creative[];
  const sections = creatives
    .filter((creative) => creative.liveCreatives.length > 0)
    .map((creative) => {
      const liveCreative = creative.liveCreatives[creative.liveCreatives.length - 1];
      if (!liveCreative) return '';
      const platform = findPlatform(creative.platform) ?? findPlatform('google-ad-manager');
      if (!platform) return '';
      const tag = buildTag({
        creative,
        liveCreative,
        platform,
        servingHost: ctx.config.adServingUrl,
        tcfVendorID: ctx.config.tcfVendorID,
      });
      if (!tag.ok) return '';
      const slot =
        tag.kind === 'ins'
          ? tag.tag.replace(/<script\b/g, `<script ${nonceAttribute}`)
          : `<div class="player" data-vast="${escapeHtml(tag.tag)}"></div><p class="url">${escapeHtml(tag.tag)}</p>`;
      return `<section><h2>${escapeHtml(creative.name)} <small>${creative.type}, ${creative.size}</small></h2>${slot}</section>`;
    });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adconsole demo publisher page</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#1f2937;line-height:1.5}
section{margin:2rem 0;padding:1rem;border:1px solid #e5e7eb;border-radius:.5rem}
h2{font-size:1.1rem;margin:0 0 1rem}small{color:#6b7280;font-weight:normal}
.url{font-family:monospace;font-size:.75rem;word-break:break-all;color:#6b7280}
article p{color:#6b7280}
</style></head><body>
<h1>The Daily Example</h1>
<article><p>This page plays the part of a publisher's site: the ads below are the demo campaign's live creatives, loaded from their ad tags exactly as a trading platform would embed them. Impressions, viewability, engagement, clicks and video quartiles are counted and show up in the campaign's report.</p></article>
${sections.join('\n') || '<p>No live creatives: publish a creative of the demo campaign to see it here.</p>'}
<script ${nonceAttribute}>${vastPlayer}</script>
</body></html>`;
  return { html, policy: demoPagePolicy(nonce) };
}
