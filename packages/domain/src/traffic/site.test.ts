// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${SITE} are literal text.
import { describe, expect, it } from 'vitest';
import { normalizeAppBundle, normalizeSite, siteLabel, siteOf } from './site';

describe('site host normalisation (the breakdown rule)', () => {
  it('keeps the host name only: lower case, www. removed, port, path, query and trailing dot dropped', () => {
    expect(normalizeSite('https://WWW.Example.COM:8443/path?q=1#x')).toBe('example.com');
    expect(normalizeSite('news.example.co.uk')).toBe('news.example.co.uk');
    expect(normalizeSite('http://www.example.com.')).toBe('example.com');
    expect(normalizeSite('www.shop.example')).toBe('shop.example');
    // Only a leading www. goes: wwwexample.com and a.www.example.com are other hosts.
    expect(normalizeSite('wwwexample.com')).toBe('wwwexample.com');
    expect(normalizeSite('a.www.example.com')).toBe('a.www.example.com');
  });

  it('a page URL a site macro wrote URL-encoded is read as that URL; a broken encoding is unknown', () => {
    expect(normalizeSite('https%3A%2F%2Fwww.News.example%2Fstory%3Fid%3D7%26u%3D1')).toBe('news.example');
    expect(normalizeSite('http%3a%2f%2fblog.example')).toBe('blog.example');
    expect(normalizeSite('https%3A%2F%2F%E0%A4%A')).toBe('');
    expect(normalizeSite('%%TTD_SITE%%')).toBe('');
    expect(normalizeSite('[BID_ATTR.site]')).toBe('');
  });

  it('international names are kept in their ASCII form; IPv4 pages are kept, IPv6 literals are not sites', () => {
    expect(normalizeSite('https://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(normalizeSite('http://192.0.2.7/page')).toBe('192.0.2.7');
    expect(normalizeSite('http://[2001:db8::1]/')).toBe('');
  });

  it('anything that is not a host is unknown: unexpanded macros, opaque origins, other schemes, garbage', () => {
    for (const input of [
      '',
      '   ',
      '%%SITE%%',
      '${SITE_DOMAIN}',
      '[DOMAIN]',
      'null',
      'about:blank',
      'data:text/html,x',
      'javascript:alert(1)',
      'a b.com',
      `${'a'.repeat(300)}.com`,
    ]) {
      expect(normalizeSite(input), input).toBe(input === 'null' ? 'null' : '');
    }
    expect(normalizeSite(undefined)).toBe('');
  });

  it('a plain page URL is read without the URL parser, with the same answer as the parser gives', () => {
    // The host as the URL parser alone reads it, then the same checks as normalizeSite's.
    const byParser = (text: string) => {
      let host: string;
      try {
        const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? new URL(text) : new URL(`http://${text}`);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
        host = url.hostname
          .toLowerCase()
          .replace(/\.$/, '')
          .replace(/^www\./, '');
      } catch {
        return '';
      }
      if (host === '' || host.startsWith('[') || host.length > 253) return '';
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host;
      return host.split('.').every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label)) ? host : '';
    };
    const inputs = [
      'https://news.example.com/a/b?c=d#e',
      'http://WWW.Shop.Example/',
      'https://a.b.c.d.example.co.uk?x',
      'https://example.com#frag',
      'example.com/path',
      'localhost',
      'null',
      'https://example.com.',
      'https://example.com..',
      'https://.example.com/',
      'https://a..example.com/',
      'https://-bad.example/',
      'https://under_score.example/',
      `https://${'a'.repeat(64)}.example/`,
      'https://example.com:8443/',
      'https://example.com:99999/',
      'https://user:pass@example.com/',
      'https://example.com@evil.example/',
      'https://example.com\\@evil.example/',
      'https://0x7f.1/',
      'https://a.1/',
      'https://127.0.0.7/',
      'https://1.2.3/',
      'https://xn--bcher-kva.example/',
      'https://xn--a.example/',
      'https://bücher.example/',
      'https://ex%41mple.com/',
      'http:/example.com',
      '//example.com/x',
      'ftp://example.com/',
      'javascript:alert(1)',
      'https://exa mple.com/',
      'https://example.com\t.org/',
    ];
    for (let index = 0; index < 500; index++) {
      const label = () =>
        Math.random()
          .toString(36)
          .slice(2, 2 + 1 + Math.floor(Math.random() * 8));
      inputs.push(`https://${label()}.${label()}.example/${label()}?q=${label()}`);
    }
    for (const input of inputs) expect(normalizeSite(input), input).toBe(byParser(input));
  });

  it('app bundles are kept as app:<bundle>, lower case; an App Store id loses its "id"', () => {
    expect(normalizeAppBundle('com.Example.Game')).toBe('app:com.example.game');
    expect(normalizeAppBundle('id1234567890')).toBe('app:1234567890');
    expect(normalizeAppBundle('${APP_BUNDLE}')).toBe('');
    expect(normalizeAppBundle('')).toBe('');
    expect(siteLabel('app:com.example.game')).toBe('com.example.game (app)');
    expect(siteLabel('example.com')).toBe('example.com');
  });

  it('the site comes from the app bundle, else the site macro, else the page the runtime saw, else the Referer', () => {
    const all = {
      appBundle: 'com.example.game',
      siteMacro: 'https://macro.example/',
      page: 'https://www.page.example',
      referer: 'https://referer.example/a',
    };
    expect(siteOf(all)).toBe('app:com.example.game');
    expect(siteOf({ ...all, appBundle: '' })).toBe('macro.example');
    expect(siteOf({ ...all, appBundle: undefined, siteMacro: '%%SITE%%' })).toBe('page.example');
    expect(siteOf({ referer: 'https://referer.example/a' })).toBe('referer.example');
    expect(siteOf({})).toBe('');
  });
});
