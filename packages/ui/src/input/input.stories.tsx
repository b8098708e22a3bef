import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Input } from './input';

const meta = {
  title: 'UI/Input',
  component: Input,
  args: { 'aria-label': 'Campaign name', placeholder: 'Spring sale', onChange: fn() },
  argTypes: { size: { control: 'select', options: ['sm', 'md', 'lg'] } },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Campaign name' });
    await userEvent.type(input, 'Summer');
    await expect(input).toHaveValue('Summer');
    await expect(args.onChange).toHaveBeenCalled();
    input.blur();
  },
};

export const Filled: Story = { args: { defaultValue: 'Spring sale 2026' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Campaign name' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'ab' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Campaign name' });
    await expect(input).toHaveAttribute('data-invalid');
    await expect(input).toBeInvalid();
  },
};

export const ReadOnly: Story = { args: { readOnly: true, defaultValue: 'https://ads.example.com/tag.js' } };

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-col gap-2">
      <Input {...args} size="sm" aria-label="Small" />
      <Input {...args} size="md" aria-label="Medium" />
      <Input {...args} size="lg" aria-label="Large" />
    </div>
  ),
};

export const LongText: Story = {
  args: {
    defaultValue:
      'A campaign name that is far longer than the field can show, so the text scrolls inside the input',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="flex flex-col gap-2">
      <Input {...args} />
      <Input {...args} aria-label="Invalid" aria-invalid defaultValue="ab" />
      <Input {...args} aria-label="Disabled" disabled defaultValue="Locked" />
    </div>
  ),
};
