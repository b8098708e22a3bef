import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Checkbox } from '../checkbox';
import { Input } from '../input';
import { Switch } from '../switch';
import { Textarea } from '../textarea';
import { Field } from './field';

const meta = {
  title: 'UI/Field',
  component: Field,
  args: { label: 'Email', children: <Input type="email" placeholder="you@company.com" /> },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'Wrap one control: Field gives it an id, `aria-describedby` (description, then error) and `aria-invalid` when `error` is set. For composite controls (Select, Combobox, DateRangePicker) pass a function child and spread its argument onto the focusable part: `{(control) => <Select><SelectTrigger {...control} /></Select>}`.',
      },
    },
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('Email'));
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    canvas.getByRole('textbox').blur();
  },
};

export const WithDescription: Story = {
  args: { description: 'Use your company e-mail address.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Use your company e-mail address.',
    );
  },
};

export const Invalid: Story = {
  args: {
    description: 'Use your company e-mail address.',
    error: 'Fill in your email',
    required: true,
    children: <Input type="email" defaultValue="ab" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Use your company e-mail address. Fill in your email');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Fill in your email');
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: <Input type="email" disabled defaultValue="ada@company.com" /> },
};

export const TextareaControl: Story = {
  args: { label: 'Notes', description: 'Visible to your team only.', children: <Textarea /> },
};

export const CheckboxControl: Story = {
  args: {
    label: 'I accept the terms',
    orientation: 'horizontal',
    error: 'You have to accept the terms!',
    children: <Checkbox />,
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'I accept the terms' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByText('I accept the terms'));
    await expect(box).toBeChecked();
    box.blur();
  },
};

export const SwitchControl: Story = {
  args: { label: 'Remember me', orientation: 'horizontal', children: <Switch defaultChecked /> },
};

export const LongText: Story = {
  args: {
    label: 'The e-mail address we send scheduled reports and password reset links to',
    description:
      'Only addresses on the company domain are allowed. We never share it with traffic platforms or show it on share pages.',
    error: 'Only company.com emails allowed!',
  },
};

export const Dark: Story = { ...Invalid, globals: { theme: 'dark' } };
