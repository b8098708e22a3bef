// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${GDPR} are literal text.
import { creativeSchema } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TagPanel } from './tag-panel';

const creative = (fields: Record<string, unknown>) =>
  creativeSchema.parse({
    id: 'crv_7',
    campaignID: 'cmp_42',
    name: 'Spring sale',
    type: 'Banner',
    width: 300,
    height: 250,
    size: '300x250',
    platform: 'google-ad-manager',
    liveCreatives: [{ id: 'lc_9Qx2' }],
    ...fields,
  });

const meta = {
  title: 'Console/Creatives/TagPanel',
  component: TagPanel,
  args: {
    creative: creative({}),
    servingHost: 'https://ads.example.com',
    tcfVendorID: 755,
    inputs: {},
    onDownloadSheet: fn(),
    downloading: false,
  },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof TagPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const tagBox = (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'], platform: string) =>
  canvas.getByRole<HTMLTextAreaElement | HTMLInputElement>('textbox', {
    name: `${platform} tag for live creative lc_9Qx2`,
  });

export const BannerTag: Story = {
  play: async ({ canvas }) => {
    const tag = tagBox(canvas, 'Google Ad Manager').value;
    await expect(tag).toContain('data-click="%%CLICK_URL_UNESC%%"');
    await expect(tag).toContain('data-gdpr-consent="${GDPR_CONSENT_755}"');
    // The page's URL, for the report's site breakdown.
    await expect(tag).toContain('data-site="%%REFERRER_URL_ESC%%"');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The TCF vendor id comes from the server's config (TCF_VENDOR_ID). */
export const VastTagWithVendorId: Story = {
  args: { creative: creative({ type: 'VAST', platform: 'google-dv360' }), tcfVendorID: 1234 },
  play: async ({ canvas }) => {
    await expect(tagBox(canvas, 'Google DV360')).toHaveValue(
      'https://ads.example.com/serve/vast/lc_9Qx2.xml?click=${CLICK_URL_ENC}&cb=${CACHEBUSTER}' +
        '&site=${SOURCE_URL_ENC}&bundle=${BUNDLE_ID}&gdpr=${GDPR}&gdpr_consent=${GDPR_CONSENT_1234}&addtl_consent=${ADDTL_CONSENT}' +
        '&us_privacy=${US_PRIVACY}&gpp=${GPP_STRING_1234}&gpp_sid=${GPP_SID}' +
        // Limited ad tracking and the device id: DV360 has no macro of its own for either, so the IAB
        // VAST macros the player expands (docs/tags.md, "Request facts, platform by platform").
        '&lat=[LIMITADTRACKING]&ifa=[IFA]',
    );
  },
};

/** Platforms refuse non-secure creatives: AD_SERVING_URL on http (not local) is said above the tags. */
export const InsecureServingUrl: Story = {
  args: { servingHost: 'http://ads.example.com' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Ads are served from http://ads.example.com, which is not https: trading platforms such as Xandr ' +
          'refuse non-secure VAST and most exchanges refuse non-secure creatives. Set AD_SERVING_URL to an https address.',
      ),
    ).toBeVisible();
    await expect(tagBox(canvas, 'Google Ad Manager').value).toContain(
      'src="http://ads.example.com/serve/init.js"',
    );
  },
};

/** A local serving origin (development) is not warned about. */
export const LocalServingUrl: Story = {
  args: { servingHost: 'http://localhost:4000' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/which is not https/)).not.toBeInTheDocument();
  },
};

/** A video tag on a platform without a published macro needs the user's escaped click macro. */
export const EscapedClickMacroMissing: Story = {
  args: {
    creative: creative({ type: 'VAST', platform: 'adroll' }),
    inputs: { clickMacro: '__ADROLL_CLICK__' },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        "Escaped click macro missing: a video tag carries the click URL inside its query, enter AdRoll's URL-encoded click macro",
      ),
    ).toBeVisible();
  },
};

export const UserClickMacros: Story = {
  args: {
    creative: creative({ type: 'VAST', platform: 'adroll' }),
    inputs: { clickMacro: '__ADROLL_CLICK__', clickMacroEscaped: '__ADROLL_CLICK_ENC__' },
  },
  play: async ({ canvas }) => {
    await expect(tagBox(canvas, 'AdRoll')).toHaveValue(
      'https://ads.example.com/serve/vast/lc_9Qx2.xml?click=__ADROLL_CLICK_ENC__' +
        // AdRoll fills no privacy signal and no device id: each is the IAB VAST macro the player expands.
        '&gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]' +
        '&ifa=[IFA]',
    );
  },
};

export const NotPublished: Story = {
  args: { creative: creative({ liveCreatives: [] }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Publish the creative to get its ad tags.')).toBeVisible();
  },
};

/** No platform chosen yet: the direct tag, with no macro, and a line saying how to get a platform's. */
export const NoPlatform: Story = {
  args: { creative: creative({ platform: null }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No trading platform chosen: these are direct tags/)).toBeVisible();
    await expect(tagBox(canvas, 'Direct (no platform)')).toHaveValue(
      '<ins class="adconsole-ad" data-live-id="lc_9Qx2" data-width="300" data-height="250" data-platform="direct" ' +
        'style="display:inline-block;width:300px;height:250px"></ins>' +
        '<script async src="https://ads.example.com/serve/init.js"></script>',
    );
  },
};

/** "Direct (no platform)" chosen: a VAST tag is the URL with the IAB VAST privacy and device-id macros, for a publisher's own player. */
export const DirectVastTag: Story = {
  args: { creative: creative({ type: 'VAST', platform: 'direct' }) },
  play: async ({ canvas }) => {
    await expect(tagBox(canvas, 'Direct (no platform)')).toHaveValue(
      'https://ads.example.com/serve/vast/lc_9Qx2.xml' +
        '?gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]' +
        '&ifa=[IFA]',
    );
    await expect(canvas.queryByText(/No trading platform chosen/)).not.toBeInTheDocument();
  },
};
