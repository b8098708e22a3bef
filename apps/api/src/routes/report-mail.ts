// The links of scheduled-report mails (outside the contract: a recipient's mail program opens them):
// confirm and unsubscribe, each answering a small page. The work is in services/reports/recipients.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { escapeHtml } from '../services/mail';
import { followRecipientLink } from '../services/reports/recipients';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

/** GET /api/reportMail/confirm and /unsubscribe: the links of the mails, answering a small page. */
export function registerReportMailLinks(app: FastifyInstance, ctx: Context) {
  const answer = (action: 'confirm' | 'unsubscribe') =>
    app.get(`/api/reportMail/${action}`, async (request, reply) => {
      const { token } = request.query as { token?: unknown };
      const address = await followRecipientLink(ctx.db, action, token);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          action === 'confirm'
            ? page('Confirmed', `${address} will receive this scheduled report.`)
            : page('Unsubscribed', `${address} will receive no more mails of this scheduled report.`),
        );
    });
  answer('confirm');
  answer('unsubscribe');
}
