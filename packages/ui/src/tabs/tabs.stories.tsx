import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { defaultValue: 'impressions', onValueChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Metric">
        <TabsTrigger value="impressions">Impressions</TabsTrigger>
        <TabsTrigger value="engagement">Engagement</TabsTrigger>
        <TabsTrigger value="clicks">Clicks</TabsTrigger>
        <TabsTrigger value="video" disabled>
          Video
        </TabsTrigger>
      </TabsList>
      <TabsContent value="impressions">1,284,093 impressions</TabsContent>
      <TabsContent value="engagement">48,210 engagements</TabsContent>
      <TabsContent value="clicks">9,877 clicks</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const PointerAndKeyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Engagement' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('48,210 engagements');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Clicks' })).toHaveAttribute('aria-selected', 'true'),
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith('clicks');
    canvas.getByRole('tab', { name: 'Clicks' }).blur();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
