import { webhookPrivateAddressMessage } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { deliveries, endpoint, pausedEndpoint } from './alert-fixtures';
import { WebhookSettings } from './webhook-settings';

const meta = {
  title: 'Console/Alerts/WebhookSettings',
  component: WebhookSettings,
  args: {
    endpoints: [endpoint, pausedEndpoint],
    onCreate: fn(async () => true),
    onDismissSecret: fn(),
    onToggle: fn(),
    onRotate: fn(),
    onDelete: fn(),
    onTest: fn(),
    onSelect: fn(),
    writeText: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof WebhookSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Endpoints: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('switch', { name: 'Enabled (On-call pager)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('switch', { name: `Enabled (${pausedEndpoint.url})` }));
    await expect(args.onToggle).toHaveBeenCalledWith(pausedEndpoint, true);
    await userEvent.click(canvas.getByRole('button', { name: 'Send a test (On-call pager)' }));
    await expect(args.onTest).toHaveBeenCalledWith(endpoint.id);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete (On-call pager)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete webhook' }));
    await expect(args.onDelete).toHaveBeenCalledWith(endpoint.id);
  },
};

/** A test on its way to one endpoint, a rotation for the other: each button busy (a second click waits). */
export const Busy: Story = {
  args: { busy: { test: endpoint.id, rotate: pausedEndpoint.id } },
  play: async ({ canvas }) => {
    const test = canvas.getByRole('button', { name: 'Send a test (On-call pager)' });
    await expect(test).toBeDisabled();
    await expect(test).toHaveAttribute('aria-busy', 'true');
    await expect(
      canvas.getByRole('button', { name: `Rotate secret (${pausedEndpoint.url})` }),
    ).toBeDisabled();
    // The other endpoint's buttons stay as they were.
    await expect(canvas.getByRole('button', { name: 'Rotate secret (On-call pager)' })).toBeEnabled();
  },
};

export const AddOne: Story = {
  args: { endpoints: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/No webhooks yet/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Receiver URL/), 'https://hooks.example.com/adconsole');
    await userEvent.type(canvas.getByLabelText('Description'), 'Pager');
    await userEvent.click(canvas.getByRole('button', { name: 'Add webhook' }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      url: 'https://hooks.example.com/adconsole',
      description: 'Pager',
    });
  },
};

/** The server refused the URL (a private address): its sentence beside the field names the setting and how to try a receiver. */
export const Refused: Story = {
  args: { endpoints: [], createError: webhookPrivateAddressMessage('127.0.0.1') },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Receiver URL/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(/WEBHOOK_ALLOWED_HOSTS/)).toBeVisible();
  },
};

/** An administrator reads where webhooks may go beyond public hosts, as the server is set: read-only. */
export const AllowedForAdmins: Story = {
  args: {
    allowed: {
      hosts: ['127.0.0.1', 'hooks.internal'],
      ports: [
        { from: 80, to: 80 },
        { from: 443, to: 443 },
        { from: 8000, to: 8099 },
      ],
    },
  },
  play: async ({ canvas }) => {
    const allowed = canvas.getByRole('region', { name: 'Allowed by the server (administrators see this)' });
    await expect(allowed).toHaveTextContent('WEBHOOK_ALLOWED_HOSTS): 127.0.0.1, hooks.internal.');
    await expect(allowed).toHaveTextContent('WEBHOOK_ALLOWED_PORTS): 80, 443 and 8000-8099.');
    await expect(within(allowed).queryByRole('textbox')).toBeNull();
  },
};

/** Rotating asks first: every receiver rejects deliveries from that moment until it has the new secret. */
export const RotateAsksFirst: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate secret (On-call pager)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Rotate the secret of On-call pager?' });
    await expect(question).toHaveTextContent('the receiver rejects them until it has it');
    await expect(args.onRotate).not.toHaveBeenCalled();
  },
};

export const RotateConfirmed: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate secret (On-call pager)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep the secret' }));
    await expect(args.onRotate).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate secret (On-call pager)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    await expect(args.onRotate).toHaveBeenCalledWith(endpoint.id);
    canvas.getByRole('button', { name: 'Rotate secret (On-call pager)' }).blur();
  },
};

/** Just made: the secret, once, to copy. */
export const SecretShownOnce: Story = {
  args: {
    revealed: { endpoint: { ...endpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, rotated: false },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'I have copied it' }));
    await expect(args.onDismissSecret).toHaveBeenCalled();
  },
};

/**
 * The delivery log: a test not tried yet (queued, not "retrying · 0 attempts"), a message being retried,
 * and one retried until delivered, every attempt with its answer or the class of its failure.
 */
export const DeliveryLog: Story = {
  args: { selected: endpoint.id, deliveries },
  play: async ({ canvas }) => {
    const log = within(canvas.getByRole('list', { name: 'Deliveries' }));
    await expect(log.getByText('Queued')).toBeVisible();
    await expect(log.getByText(/not tried yet: waiting for the sending job/)).toBeVisible();
    await expect(log.queryByText(/0 attempts/)).toBeNull();
    await expect(log.getByText('Delivered')).toBeVisible();
    await expect(log.getByText('Retrying')).toBeVisible();
    await userEvent.click(log.getByText('alert.fired'));
    await expect(log.getByText(/Timed out: no answer within 15 s/)).toBeVisible();
    await expect(log.getByText('webhook-id: msg_2f9d0c1b7a6e5d4c')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { endpoints: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading webhooks')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Phone: Story = {
  ...DeliveryLog,
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="webhook-settings"]') as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const EndpointsDark: Story = { ...Endpoints, ...dark };
export const DeliveryLogDark: Story = { ...DeliveryLog, ...dark };
export const SecretShownOnceDark: Story = { ...SecretShownOnce, ...dark };
export const AllowedForAdminsDark: Story = { ...AllowedForAdmins, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
