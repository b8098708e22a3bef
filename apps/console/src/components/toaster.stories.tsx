import { creativeSchema, MESSAGES } from '@adconsole/domain';
import { Card, CardContent, CardHeader, CardTitle, dismissAll, notify } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ManualClock } from '../../../../.storybook/manual-clock';
import { TagPanel } from '../screens/creatives/tag-panel';
import ConsoleToaster from './toaster';

/** The toasts' time passes only when a play function says so: "Published" stays for the screenshot. */
const clock = new ManualClock();

const creative = creativeSchema.parse({
  id: 'crv_7',
  campaignID: 'cmp_42',
  name: 'Spring sale pre-roll',
  type: 'VAST',
  width: 640,
  height: 360,
  size: '640x360',
  platform: 'google-dv360',
  liveCreatives: [{ id: 'lc_9Qx2' }],
});

/**
 * The creative editor's right column (at 1440 px) scrolled until its last card, Ad tags, comes into view
 * at the window's bottom, as a reader does after Publish to copy the new tag; and the console's
 * notifications, placed as the console places them.
 */
function EditorEnd() {
  return (
    <>
      <div className="ml-auto w-1/2" style={{ paddingTop: 'calc(100vh - 10rem)' }}>
        <Card>
          <CardHeader>
            <CardTitle level={2}>Ad tags</CardTitle>
          </CardHeader>
          <CardContent>
            <TagPanel
              creative={creative}
              servingHost="https://ads.example.com"
              tcfVendorID={755}
              inputs={{}}
              onDownloadSheet={fn()}
              downloading={false}
            />
          </CardContent>
        </Card>
      </div>
      <ConsoleToaster clock={clock} />
    </>
  );
}

const meta = {
  title: 'Console/Components/Toaster',
  component: EditorEnd,
  parameters: { overlay: true },
  beforeEach: () => {
    dismissAll();
    clock.reset();
    return () => dismissAll();
  },
} satisfies Meta<typeof EditorEnd>;
export default meta;
type Story = StoryObj<typeof meta>;

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * "Published" after a publish: the toast stands at the top of the window, clear of the tag's Copy button
 * at its bottom (in the ui's bottom corner it covered the button until it closed).
 */
export const PublishedBesideTheTagPanel: Story = {
  play: async ({ canvas }) => {
    const copy = canvas.getByRole('button', { name: /^Copy google dv360 tag/ });
    // The button is in view, near the window's bottom: where a reader clicks it.
    const button = copy.getBoundingClientRect();
    await expect(button.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(button.top).toBeGreaterThan(window.innerHeight / 2);
    notify({ type: 'success', title: MESSAGES.creativePublished, text: MESSAGES.creativePublishedText });
    const region = screen.getByRole('region', { name: /Notifications/ });
    const title = await within(region).findByText(MESSAGES.creativePublished);
    const toast = title.closest('[data-slot="toast"]') as HTMLElement;
    await waitFor(() => expect(toast.getBoundingClientRect().height).toBeGreaterThan(0));
    const box = toast.getBoundingClientRect();
    await expect(overlaps(box, copy.getBoundingClientRect())).toBe(false);
    // In the window, at its top, whole.
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThan(window.innerHeight / 2);
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
