// The campaign page's "Download tags for the campaign" action (docs/tags.md, "The campaign's tag sheet").
import { CAMPAIGN_NOTHING_TO_TAG } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CampaignTagsDownload } from './campaign-tags-download';

const onDownload = fn();

const meta = {
  title: 'Console/Campaigns/CampaignTagsDownload',
  component: CampaignTagsDownload,
  parameters: { overlay: true },
  args: { nothingToTag: false, pending: false, onDownload },
  beforeEach: () => {
    onDownload.mockClear();
  },
} satisfies Meta<typeof CampaignTagsDownload>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The menu offers the xlsx (a worksheet per platform) and the csv; choosing one asks for it. */
export const Formats: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download tags for the campaign' }));
    const xlsx = await screen.findByRole('menuitem', { name: 'Excel (xlsx), a sheet per platform' });
    await expect(xlsx).toBeVisible();
    await expect(screen.getByRole('menuitem', { name: 'CSV, one file for every platform' })).toBeVisible();
  },
};

export const ChoosesCsv: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download tags for the campaign' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV, one file for every platform' }));
    await expect(onDownload).toHaveBeenCalledWith('csv');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    canvas.getByRole('button', { name: 'Download tags for the campaign' }).blur();
  },
};

/** While the sheet is built the button is busy and takes no second click. */
export const Building: Story = {
  args: { pending: true },
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Download tags for the campaign' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
  },
};

/** No live creative and no placement: the menu says why there is no file, and offers none. */
export const NothingToTag: Story = {
  args: { nothingToTag: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download tags for the campaign' }));
    const reason = await screen.findByRole('menuitem', { name: CAMPAIGN_NOTHING_TO_TAG });
    await expect(reason).toHaveAttribute('aria-disabled', 'true');
    await expect(screen.queryByRole('menuitem', { name: /xlsx/ })).toBeNull();
    await expect(onDownload).not.toHaveBeenCalled();
  },
};

export const DarkFormats: Story = { ...Formats, globals: { theme: 'dark' } };
