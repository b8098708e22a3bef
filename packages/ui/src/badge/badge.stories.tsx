import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './badge';

const variants = ['default', 'secondary', 'outline', 'success', 'warning', 'info', 'danger'] as const;

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'VAST' },
  argTypes: { variant: { control: 'select', options: variants } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('VAST')).toHaveAttribute('data-slot', 'badge');
  },
};
const all = (
  <div className="flex flex-wrap gap-2">
    {variants.map((variant) => (
      <Badge key={variant} variant={variant}>
        {variant}
      </Badge>
    ))}
  </div>
);
export const AllVariants: Story = { render: () => all };
export const LongText: Story = { args: { children: 'Live on Google Ad Manager and The Trade Desk' } };
export const Dark: Story = { globals: { theme: 'dark' }, render: () => all };
