import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Field } from '../field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from './select';

const formats = [
  { value: 'pdf', label: 'PDF' },
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel' },
  { value: 'xlsx-pivot', label: 'Excel with Pivot' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  args: { onValueChange: fn() },
  render: (args) => (
    <div className="max-w-xs">
      <Select {...args}>
        <SelectTrigger aria-label="Download format">
          <SelectValue placeholder="Choose a format" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Formats</SelectLabel>
            {formats.map((format) => (
              <SelectItem key={format.value} value={format.value}>
                {format.label}
              </SelectItem>
            ))}
          </SelectGroup>
        </SelectContent>
      </Select>
    </div>
  ),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'xlsx' } };
export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'csv' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Download format' })).toBeDisabled();
  },
};

export const Open: Story = {
  parameters: { overlay: true },
  args: { defaultValue: 'csv' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Download format' }));
    await waitFor(() => expect(screen.getByRole('listbox')).toBeVisible());
    await expect(screen.getByRole('option', { name: 'CSV' })).toHaveAttribute('data-state', 'checked');
  },
};

export const KeyboardSelect: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Download format' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('listbox')).toBeVisible());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('csv');
    await waitFor(() => expect(trigger).toHaveTextContent('CSV'));
    trigger.blur();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div className="max-w-xs">
      <Field label="Download format" error="Choose a format">
        {(control) => (
          <Select {...args}>
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose a format" />
            </SelectTrigger>
            <SelectContent>
              {formats.map((format) => (
                <SelectItem key={format.value} value={format.value}>
                  {format.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Download format' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultValue: 'xlsx-pivot' } };

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
