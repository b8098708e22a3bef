import type { Asset } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { AssetPanel } from './asset-panel';

const asset = (id: string, filename: string, width: number, height: number): Asset => ({
  id,
  filename,
  name: filename,
  creativeID: 'cr_1',
  url: `https://files.example.com/${filename}`,
  new: false,
  width,
  height,
});

/** The panel with the creative's assets kept here: an upload adds its asset as the refetch would. */
function Panel({ refuse = false }: { refuse?: boolean }) {
  const [assets, setAssets] = useState<Asset[]>([asset('a1', 'leaderboard.png', 728, 90)]);
  return (
    <AssetPanel
      assets={assets}
      upload={async (file) => {
        if (refuse) throw new Error('backup.png is too large: files can be at most 1 MB.');
        // The server's name for it (spaces become underscores), as the creative's refetch lists it.
        const stored = asset(`a${assets.length + 1}`, file.name.replaceAll(' ', '_'), 300, 250);
        setAssets((current) => [...current, stored]);
      }}
      remove={fn(async () => undefined)}
    />
  );
}

const meta = {
  title: 'Console/Creatives/AssetPanel',
  component: Panel,
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

const png = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

/**
 * A file uploaded is listed once, among the assets under the server's name: its line under the drop zone
 * goes (it showed "Uploaded" there and again in the list, twice).
 */
export const UploadedListedOnce: Story = {
  play: async ({ canvas }) => {
    await userEvent.upload(
      canvas.getByLabelText('Upload assets', { selector: 'input' }),
      png('medium rectangle.png'),
    );
    const assets = canvas.getByRole('list', { name: 'Assets' });
    await waitFor(() => expect(assets).toHaveTextContent('medium_rectangle.png · 300 × 250'));
    await expect(canvas.queryByRole('list', { name: 'Files' })).not.toBeInTheDocument();
    await expect(canvas.getAllByText(/medium.rectangle\.png/)).toHaveLength(1);
  },
};

/** A file refused stays under the drop zone with the reason; the assets are as they were. */
export const UploadRefused: Story = {
  args: { refuse: true },
  play: async ({ canvas }) => {
    await userEvent.upload(canvas.getByLabelText('Upload assets', { selector: 'input' }), png('backup.png'));
    const files = await canvas.findByRole('list', { name: 'Files' });
    await waitFor(() =>
      expect(files).toHaveTextContent('backup.png is too large: files can be at most 1 MB.'),
    );
    await expect(canvas.getByRole('list', { name: 'Assets' })).not.toHaveTextContent('backup.png');
  },
};
