// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${GDPR} are literal text.
import { describe, expect, it } from 'vitest';
import { creativeSchema } from '../campaigns/creative';
import { buildTagSheet, tagsByCreative } from './tag-sheet';

const creative = (id: string, liveIDs: string[], platform: string | null, type = 'Banner') =>
  creativeSchema.parse({
    id,
    campaignID: 'k1',
    name: `Creative ${id}`,
    type,
    width: 300,
    height: 250,
    size: '300x250',
    platform,
    liveCreatives: liveIDs.map((liveID) => ({ id: liveID })),
  });

describe('tag sheet (docs/product.md §7: POST /v1/campaign/tags)', () => {
  it('gives one row per live creative and platform', () => {
    const campaign = {
      name: 'Spring',
      creatives: [creative('a', ['a1', 'a2'], 'xandr'), creative('b', ['b1'], null, 'VAST')],
    };
    const rows = buildTagSheet({
      campaign,
      servingHost: 'ads.example.com',
      platforms: ['xandr', 'google-dv360'],
    });
    expect(rows.map((row) => [row.creativeID, row.liveCreativeID, row.platform])).toEqual([
      ['a', 'a1', 'Xandr'],
      ['a', 'a1', 'Google DV360'],
      ['a', 'a2', 'Xandr'],
      ['a', 'a2', 'Google DV360'],
      ['b', 'b1', 'Xandr'],
      ['b', 'b1', 'Google DV360'],
    ]);
    expect(rows[0]).toMatchObject({
      campaignName: 'Spring',
      creativeName: 'Creative a',
      type: 'Banner',
      size: '300x250',
    });
    expect(rows[4]?.tag).toMatch(/^https:\/\/ads\.example\.com\/serve\/vast\/b1\.xml\?/);
  });

  it("uses each creative's own platform by default (its direct tag without one) and flags creatives that are not published", () => {
    const campaign = {
      name: 'Spring',
      creatives: [creative('a', ['a1'], 'adform'), creative('c', [], 'xandr'), creative('d', ['d1'], null)],
    };
    const rows = buildTagSheet({ campaign, servingHost: 'ads.example.com' });
    expect(rows.map((row) => [row.creativeID, row.platform, row.error])).toEqual([
      ['a', 'Adform', undefined],
      ['c', '', 'Publish the creative first: it has no live creative'],
      ['d', 'Direct (no platform)', undefined],
    ]);
    expect(rows[2]?.tag).not.toContain('data-click');
  });

  it('carries the reason when a tag cannot be built, and uses supplied click macros', () => {
    const campaign = { name: 'Spring', creatives: [creative('a', ['a1'], 'cognitiv')] };
    expect(buildTagSheet({ campaign, servingHost: 'h' })[0]).toMatchObject({
      tag: '',
      error: 'Click macro missing: Cognitiv has no default, enter its click macro',
    });
    expect(
      buildTagSheet({ campaign, servingHost: 'h', clickMacros: { cognitiv: '{CLICK}' } })[0]?.tag,
    ).toContain('data-click="{CLICK}"');
    expect(
      buildTagSheet({ campaign, servingHost: 'h', platforms: ['google-ad-manager', 'adroll'] }).map(
        (row) => row.platform,
      ),
    ).toEqual(['Google Ad Manager', 'AdRoll']);
  });

  it('passes escaped click macros and the TCF vendor id to video tags', () => {
    const campaign = { name: 'Spring', creatives: [creative('v', ['v1'], 'cognitiv', 'VAST')] };
    expect(
      buildTagSheet({ campaign, servingHost: 'h', clickMacros: { cognitiv: '{CLICK}' } })[0],
    ).toMatchObject({
      tag: '',
      error: expect.stringMatching(/^Escaped click macro missing/),
    });
    expect(
      buildTagSheet({ campaign, servingHost: 'h', clickMacrosEscaped: { cognitiv: '{CLICK_ENC}' } })[0]?.tag,
    ).toBe(
      'https://h/serve/vast/v1.xml?click={CLICK_ENC}' +
        '&gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]' +
        // Cognitiv documents no device-id macro: the player's [IFA] (docs/tags.md, "Request facts").
        '&ifa=[IFA]',
    );
    const google = { name: 'Spring', creatives: [creative('g', ['g1'], 'google-dv360', 'VAST')] };
    expect(buildTagSheet({ campaign: google, servingHost: 'h', tcfVendorID: 42 })[0]?.tag).toContain(
      'gdpr_consent=${GDPR_CONSENT_42}',
    );
  });

  it('notes on every built tag that it may be refused when ads are not served over https', () => {
    const campaign = {
      name: 'Spring',
      creatives: [creative('a', ['a1'], 'xandr'), creative('c', ['c1'], 'cognitiv')],
    };
    const rows = buildTagSheet({ campaign, servingHost: 'http://ads.example.com' });
    expect(rows[0]?.warning).toMatch(/^Ads are served from http:\/\/ads\.example\.com, which is not https/);
    // A row without a tag carries its error, not the warning.
    expect(rows[1]).toMatchObject({ tag: '', error: expect.stringMatching(/^Click macro missing/) });
    expect(rows[1]).not.toHaveProperty('warning');
    expect(buildTagSheet({ campaign, servingHost: 'https://ads.example.com' })[0]?.warning).toBeUndefined();
  });

  it('groups built tags by creative id for the tags request', () => {
    const campaign = {
      name: 'S',
      creatives: [creative('a', ['a1', 'a2'], 'xandr'), creative('b', ['b1'], 'cognitiv')],
    };
    const grouped = tagsByCreative(buildTagSheet({ campaign, servingHost: 'h' }));
    expect(Object.keys(grouped)).toEqual(['a']);
    expect(grouped.a?.map((entry) => entry.liveCreativeID)).toEqual(['a1', 'a2']);
  });
});
