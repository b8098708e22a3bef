import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, type buttonVariants } from './button';

type Variant = NonNullable<Parameters<typeof buttonVariants>[0]>['variant'];
const variants: NonNullable<Variant>[] = ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'];
const sizes = ['sm', 'md', 'lg', 'icon'] as const;

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save campaign', onClick: fn() },
  argTypes: {
    variant: { control: 'select', options: variants },
    size: { control: 'select', options: sizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save campaign' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    button.blur();
  },
};

export const Secondary: Story = { args: { variant: 'secondary' } };
export const Outline: Story = { args: { variant: 'outline' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete campaign' } };
export const Link: Story = { args: { variant: 'link', children: 'Campaign summary' } };

export const AllVariants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      {variants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="icon" aria-label="Add creative">
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Button>
    </div>
  ),
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save campaign' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving…' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsChild: Story = {
  args: { asChild: true, variant: 'outline', children: <a href="#/campaigns">Open campaigns</a> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Open campaigns' });
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(link).toHaveAttribute('href', '#/campaigns');
  },
};

export const LongText: Story = {
  args: { children: 'Download the full campaign report with video quartiles as Excel with Pivot' },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: AllVariants.render,
};

export const DarkDisabledAndLoading: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="flex gap-3">
      <Button {...args} disabled>
        Disabled
      </Button>
      <Button {...args} loading>
        Saving…
      </Button>
    </div>
  ),
};
