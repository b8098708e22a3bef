import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'UI/Card',
  component: Card,
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardHeader>
        <CardTitle>Impressions</CardTitle>
        <CardDescription>1 Nov 2026 – 7 Nov 2026</CardDescription>
        <CardAction>
          <Button size="sm" variant="outline">
            Details
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p className="font-semibold text-3xl tabular-nums">1,284,093</p>
      </CardContent>
      <CardFooter>
        <span className="text-muted-foreground text-xs">Updated 7 Nov 2026, 23:59 UTC</span>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Impressions' })).toBeVisible();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
/** A card right under the page's h1 takes heading level 2, so the outline has no gap; it looks the same. */
export const HeadingLevel: Story = {
  render: () => (
    <div className="grid max-w-sm gap-3">
      <h1 className="font-semibold text-2xl">Dashboard</h1>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Trend</CardTitle>
          <CardDescription>All of your campaigns, by day.</CardDescription>
        </CardHeader>
        <CardContent className="text-sm">The chart goes here.</CardContent>
      </Card>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Trend' })).toBeVisible();
  },
};
export const LongText: Story = {
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Spring sale 2026 – in-banner video, EU traffic only, with fallback creative</CardTitle>
        <CardDescription>
          The campaign summary covers every live creative of the campaign for the chosen date range.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm">No further content.</CardContent>
    </Card>
  ),
};
