import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ApiTokenForm } from './api-token-form';

const meta = {
  title: 'Forms/ApiTokenForm',
  component: ApiTokenForm,
  args: { onSubmit: fn(async () => true as boolean | undefined) },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof ApiTokenForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reading reports is ticked to begin with: what most products embedding the widgets need. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Read reports' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Change campaigns' })).not.toBeChecked();
  },
};

/** The name and the ticked scopes go out in the scopes' own order; the form clears for the next one. */
export const CreateWithScopes: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Token name'), 'Partner report screen');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Read campaigns' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Partner report screen',
      scopes: ['reports:read', 'campaigns:read'],
    });
    await waitFor(() => expect(canvas.getByLabelText('Token name')).toHaveValue(''));
  },
};

/** No name and no scope: the API's own messages, beside the fields; nothing is sent. */
export const NothingChosen: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Read reports' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }));
    await expect(await canvas.findByText(MESSAGES.apiTokenName)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.apiTokenScopes)).toBeVisible();
    await expect(canvas.getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: {
    defaultValues: { name: 'BI export' },
    onSubmit: fn(() => new Promise<boolean | undefined>(() => {})),
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Create token' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
  },
};

export const ServerError: Story = {
  args: { defaultValues: { name: 'One too many' }, serverError: MESSAGES.apiTokenTooMany },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.apiTokenTooMany);
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
