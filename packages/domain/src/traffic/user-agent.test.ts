import { UAParser } from 'ua-parser-js';
import { describe, expect, it } from 'vitest';
import { deviceTypeOf, familyAndMajor, majorVersion, userAgentDimensions } from './user-agent';

const parse = (userAgent: string) => userAgentDimensions(new UAParser(userAgent).getResult());

const AGENTS = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  samsungTv:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
  lgTv: 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
  playstation: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
};

describe('user agent → device type, OS and browser (the breakdown rule)', () => {
  it('desktop systems that name no device type are desktop: Windows, macOS, Linux, ChromeOS', () => {
    expect(parse(AGENTS.windowsChrome)).toEqual({
      device: 'desktop',
      os: 'Windows 10',
      browser: 'Chrome 126',
    });
    expect(parse(AGENTS.macSafari)).toEqual({ device: 'desktop', os: 'Mac OS 10', browser: 'Safari 17' });
    expect(parse(AGENTS.linuxFirefox)).toMatchObject({
      device: 'desktop',
      os: 'Linux',
      browser: 'Firefox 127',
    });
    expect(parse(AGENTS.chromebook).device).toBe('desktop');
    expect(parse(AGENTS.edge).browser).toBe('Edge 126');
  });

  it('phones are mobile, tablets are tablet', () => {
    expect(parse(AGENTS.iphone)).toEqual({ device: 'mobile', os: 'iOS 17', browser: 'Mobile Safari 17' });
    expect(parse(AGENTS.androidPhone)).toEqual({ device: 'mobile', os: 'Android 14', browser: 'Chrome 126' });
    expect(parse(AGENTS.ipad).device).toBe('tablet');
    expect(parse(AGENTS.androidTablet).device).toBe('tablet');
  });

  it('smart TVs and game consoles are connected TV', () => {
    expect(parse(AGENTS.samsungTv).device).toBe('ctv');
    expect(parse(AGENTS.lgTv).device).toBe('ctv');
    expect(parse(AGENTS.playstation).device).toBe('ctv');
  });

  it('wearables and embedded devices are other; a system that is neither desktop nor TV is other', () => {
    expect(deviceTypeOf({ device: { type: 'wearable' } })).toBe('other');
    expect(deviceTypeOf({ device: { type: 'embedded' } })).toBe('other');
    expect(deviceTypeOf({ os: { name: 'Symbian' } })).toBe('other');
    expect(deviceTypeOf({ os: { name: 'Roku' } })).toBe('ctv');
  });

  it('nothing parsed is unknown (an empty value), in every dimension', () => {
    expect(parse('')).toEqual({ device: '', os: '', browser: '' });
    expect(parse('curl-ish nonsense')).toEqual({ device: '', os: '', browser: '' });
  });

  it('family and major version: the major is the leading number, at most 4 digits; no number, no major', () => {
    expect(familyAndMajor('Chrome', '126.0.6478.71')).toBe('Chrome 126');
    expect(familyAndMajor('Firefox', '')).toBe('Firefox');
    expect(familyAndMajor('', '126')).toBe('');
    expect(majorVersion('99999.1')).toBe('');
    expect(majorVersion('007')).toBe('7');
    // Control characters and markup never reach a stored value.
    expect(familyAndMajor('Evil<script>\n', '1')).toBe('Evilscript 1');
  });
});
