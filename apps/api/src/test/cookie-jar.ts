// A browser's cookies for the serving origin, as the answers left them (every cookie: the cap history
// `adc_fc`, the reach cookie `adc_rid`), for suites that serve ads to browsers over real HTTP. A German
// browser whose person consented to purpose 1 and our vendor (docs/privacy.md), unless told otherwise.
import { consentedQuery } from './consent';
import { BROWSER_USER_AGENT } from './helpers';

const DE = '79.192.7.7';

export class CookieJar {
  cookies = new Map<string, string>();
  /** The Set-Cookie lines of the last answer. */
  lastSet: string[] = [];
  constructor(private readonly consent = true) {}

  async get(url: string): Promise<number> {
    const query = this.consent ? `${url.includes('?') ? '&' : '?'}${consentedQuery()}` : '';
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${url}${query}`, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': DE,
        ...(cookie === '' ? {} : { Cookie: cookie }),
      },
    });
    this.lastSet = response.headers.getSetCookie();
    for (const line of this.lastSet) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/Max-Age=0\b/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await response.arrayBuffer();
    return response.status;
  }
}
