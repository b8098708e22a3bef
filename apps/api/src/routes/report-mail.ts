// The links of scheduled-report and alert mails (outside the contract: a recipient's mail program opens them):
// confirm and unsubscribe. Opening a link (GET) only shows a page with a button, because the link
// scanners corporate mail runs open every link of every incoming mail: a GET that acted would confirm
// recipients who never agreed and unsubscribe those who did. The button POSTs to the same address, and
// so does a mail program's one-click unsubscribe (RFC 8058: the report mails carry List-Unsubscribe and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). The work is in services/outbound/recipients.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Context } from '../context';
import { escapeHtml } from '../services/outbound/mail';
import { followRecipientLink, recipientOfLink } from '../services/outbound/recipients';

type Action = 'confirm' | 'unsubscribe';

/** What the address receives: a scheduled report, or a campaign's alerts (docs/alerts.md). */
const whatOf = (alerts: boolean) =>
  alerts
    ? { thing: "this campaign's alerts", mails: "this campaign's alert mails", plural: true }
    : { thing: 'this scheduled report', mails: 'mails of this scheduled report', plural: false };

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', PAGE_POLICY)
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** GET: what the button will do, for whom; nothing changes. */
function askPage(
  reply: FastifyReply,
  action: Action,
  token: string,
  recipient: { address: string; confirmed: boolean; unsubscribed: boolean; alerts: boolean },
) {
  const { address } = recipient;
  const what = whatOf(recipient.alerts);
  const form = (label: string) =>
    `<form method="post" action="/api/reportMail/${action}?token=${encodeURIComponent(token)}"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">${escapeHtml(label)}</button></form>`;
  if (action === 'confirm') {
    if (recipient.unsubscribed)
      return page(
        reply,
        'Unsubscribed',
        paragraph(`${address} refused ${what.thing}; ${what.plural ? 'they' : 'it'} will not be sent.`),
      );
    if (recipient.confirmed)
      return page(reply, 'Confirmed', paragraph(`${address} already receives ${what.thing}.`));
    return page(
      reply,
      recipient.alerts ? 'Confirm campaign alert mails' : 'Confirm scheduled report mails',
      `${paragraph(`Do you want ${address} to receive ${what.thing} by e-mail? Nothing is sent until you confirm.`)}${form('Confirm')}`,
    );
  }
  if (recipient.unsubscribed)
    return page(reply, 'Unsubscribed', paragraph(`${address} receives no more ${what.mails}.`));
  return page(
    reply,
    'Unsubscribe',
    `${paragraph(`Stop sending ${what.thing} to ${address}?`)}${form('Unsubscribe')}`,
  );
}

export function registerReportMailLinks(app: FastifyInstance, ctx: Context) {
  app.register(async (scope) => {
    // The button's form and RFC 8058's one-click POST send `List-Unsubscribe=One-Click` (urlencoded or
    // multipart): the token in the address is what counts, the body is read as text and left alone.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
        done(null, undefined),
      );
    for (const action of ['confirm', 'unsubscribe'] as const) {
      scope.get(`/api/reportMail/${action}`, async (request, reply) => {
        const { token } = request.query as { token?: unknown };
        return askPage(reply, action, String(token), await recipientOfLink(ctx.db, token));
      });
      // No CSRF check: a mail program's one-click POST carries no Origin, and the token in the address
      // is the only key; a page elsewhere cannot know it.
      scope.post(`/api/reportMail/${action}`, { config: { csrf: false } }, async (request, reply) => {
        const { token } = request.query as { token?: unknown };
        const { address, alerts } = await followRecipientLink(ctx.db, action, token);
        const what = whatOf(alerts);
        return action === 'confirm'
          ? page(reply, 'Confirmed', paragraph(`${address} will receive ${what.thing}.`))
          : page(reply, 'Unsubscribed', paragraph(`${address} will receive no more ${what.mails}.`));
      });
    }
  });
}
