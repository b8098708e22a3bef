import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Field } from '../field';
import { ChoiceSelect } from './choice-select';

const frequencies = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const;
type Frequency = (typeof frequencies)[number]['value'];

/** The select as a form uses it: inside a Field, which labels the trigger and carries the error. */
function FrequencyField(props: {
  initial?: Frequency;
  error?: string;
  disabled?: boolean;
  onValueChange: (value: Frequency) => void;
}) {
  const [value, setValue] = useState<Frequency | undefined>(props.initial);
  return (
    <div className="max-w-xs">
      <Field label="Frequency" error={props.error} required>
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={frequencies}
            value={value}
            disabled={props.disabled}
            placeholder="Choose how often"
            onValueChange={(next) => {
              setValue(next);
              props.onValueChange(next);
            }}
          />
        )}
      </Field>
    </div>
  );
}

const meta = {
  title: 'UI/ChoiceSelect',
  component: FrequencyField,
  args: { onValueChange: fn() },
} satisfies Meta<typeof FrequencyField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No value yet: the placeholder shows, and the Field's label names the trigger. */
export const Placeholder: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Frequency' });
    await expect(trigger).toHaveTextContent('Choose how often');
    await expect(trigger).toHaveAttribute('aria-required', 'true');
  },
};

/** Choosing by keyboard calls onValueChange with the typed value and shows its label. */
export const ChooseByKeyboard: Story = {
  args: { initial: 'daily' },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Frequency' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('listbox')).toBeVisible());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('weekly');
    await waitFor(() => expect(trigger).toHaveTextContent('Weekly'));
    trigger.blur();
  },
};

/** The Field's error marks the trigger invalid and describes it. */
export const Invalid: Story = {
  args: { error: 'Choose a frequency' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Frequency' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Choose a frequency');
  },
};

export const Disabled: Story = {
  args: { initial: 'monthly', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Frequency' })).toBeDisabled();
  },
};

export const Dark: Story = { args: { initial: 'weekly' }, globals: { theme: 'dark' } };
