import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card, CardContent, CardHeader, CardTitle } from '../card';
import { ShareLayout } from './share-layout';

const meta = {
  title: 'Shell/ShareLayout',
  component: ShareLayout,
  args: {
    brand: 'Shared report · Spring sale',
    children: (
      <Card>
        <CardHeader>
          <CardTitle>Campaign summary</CardTitle>
        </CardHeader>
        <CardContent>1,284,093 impressions · 9,877 clicks</CardContent>
      </Card>
    ),
  },
} satisfies Meta<typeof ShareLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toBeVisible();
    // Share pages hide the primary navigation, header info and footer.
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('banner')).toBeNull();
    await expect(canvas.queryByRole('contentinfo')).toBeNull();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
