// The campaign page's Conversions card (docs/conversions.md): empty, with actions (one archived), their snippets,
// loading and refused, on a phone; and its dialogs as a user meets them (a new action, its errors, an
// edit with the currency the campaign fixes); the postback key made and shown once, and the currency an
// action that has counted keeps.
import type { ConversionAction } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConversionsCard } from './conversions-card';

const purchase: ConversionAction = {
  id: '6650c0ffee0000000000c001',
  campaignID: 'c1',
  name: 'Purchase',
  type: 'purchase',
  counting: 'every',
  lookbackDays: 30,
  currency: 'EUR',
  unsigned: 'tag-only',
  maxPerClick: 5,
  maxValue: '500.00',
  postbackKey: { hint: 'x7Qa', createdAt: '2026-03-02T10:00:00.000Z' },
  hasCounted: true,
  archived: false,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};
const newsletter: ConversionAction = {
  ...purchase,
  id: '6650c0ffee0000000000c002',
  name: 'Newsletter sign-up',
  type: 'sign-up',
  counting: 'one-per-click',
  lookbackDays: 7,
  maxValue: null,
  postbackKey: null,
  hasCounted: false,
};
const brochure: ConversionAction = {
  ...purchase,
  id: '6650c0ffee0000000000c003',
  name: 'Brochure request (spring)',
  type: 'lead',
  counting: 'one-per-click',
  lookbackDays: 14,
  unsigned: 'counted',
  maxValue: null,
  postbackKey: null,
  hasCounted: false,
  archived: true,
};

const actions = () => ({
  onCreate: fn(async () => {}),
  onUpdate: fn(async () => {}),
  onSetArchived: fn(),
  onRotateKey: fn(async () => 'adck_N3wK3yShownOnce0000000000000000000000000'),
});

const meta = {
  title: 'Console/Campaigns/ConversionsCard',
  component: ConversionsCard,
  args: {
    conversionActions: [purchase, newsletter, brochure],
    clickParam: 'adc_click',
    rateCurrency: 'EUR',
    servingHost: 'https://ads.example.com',
    writeText: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof ConversionsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** No action yet: what one is for, and the button to make one. */
export const Empty: Story = {
  args: { conversionActions: [], actions: actions() },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^No conversion actions yet\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New conversion action' })).toBeVisible();
  },
};

/** Each action with its type, counting, lookback and currency; the archived one says so. Read only. */
export const WithActions: Story = {
  play: async ({ canvas }) => {
    const section = (name: string) => within(canvas.getByRole('region', { name }));
    await expect(
      section('Purchase').getByText(
        'Every conversion (at most 5 a click) · 30-day lookback · value in EUR up to 500.00 · postbacks need the key',
      ),
    ).toBeVisible();
    await expect(section('Newsletter sign-up').getByText('Sign-up')).toBeVisible();
    await expect(
      section('Newsletter sign-up').getByText(
        'One per click · 7-day lookback · value in EUR · postbacks need the key',
      ),
    ).toBeVisible();
    await expect(section('Brochure request (spring)').getByText('Archived')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'New conversion action' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit Purchase' })).toBeNull();
  },
};

/** With actions: archive a counting action, restore the archived one. */
export const ArchiveAndRestore: Story = {
  args: { actions: actions() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Archive Purchase' }));
    await expect(args.actions?.onSetArchived).toHaveBeenCalledWith(purchase, true);
    await userEvent.click(canvas.getByRole('button', { name: 'Restore Brochure request (spring)' }));
    await expect(args.actions?.onSetArchived).toHaveBeenCalledWith(brochure, false);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** The archive on its way: its button waits. */
export const Archiving: Story = {
  args: { actions: actions(), pendingActionID: purchase.id },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Archive Purchase' })).toBeDisabled();
  },
};

/** The website's two tags on the serving origin, the campaign's click parameter named; copied. */
export const SiteSnippets: Story = {
  args: { conversionActions: [purchase, newsletter], clickParam: 'clid', actions: actions() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show snippets of Purchase' }));
    const panel = within(canvas.getByRole('region', { name: 'Purchase' }));
    await expect(panel.getByRole('textbox', { name: 'Site-wide tag' })).toHaveValue(
      '<script async src="https://ads.example.com/serve/conv.js" data-param="clid"></script>',
    );
    await expect(panel.getByRole('textbox', { name: 'Conversion call of Purchase' })).toHaveValue(
      `<script>window.adconsole=window.adconsole||function(){(adconsole.q=adconsole.q||[]).push(arguments)};adconsole('conversion',{action:'${purchase.id}',value:49.99,currency:'EUR',order:'ORDER-123'});</script>`,
    );
    await userEvent.click(panel.getByRole('button', { name: 'Copy site-wide tag' }));
    await expect(args.writeText).toHaveBeenCalledWith(
      '<script async src="https://ads.example.com/serve/conv.js" data-param="clid"></script>',
    );
    await expect(await panel.findByRole('button', { name: 'Site-wide tag copied' })).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** The server-to-server postback: its URL with the placeholders, and a curl line to try it. */
export const PostbackSnippets: Story = {
  args: { conversionActions: [purchase], openSnippets: [purchase.id] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Server postback' }));
    await expect(canvas.getByRole('textbox', { name: 'Postback URL of Purchase' })).toHaveValue(
      `https://ads.example.com/serve/conv/${purchase.id}?click={click_id}&value={value}&currency=EUR&order={order_id}`,
    );
    await expect(canvas.getByRole('textbox', { name: 'Postback with curl' })).toHaveValue(
      `curl -H "Authorization: Bearer $POSTBACK_KEY" "https://ads.example.com/serve/conv/${purchase.id}?click=$CLICK_ID&value=49.99&currency=EUR&order=ORDER-123"`,
    );
    await expect(canvas.getByText(/Postback key ending in x7Qa, made Mar 2, 2026\./)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A new postback key: made with the button, shown this once to copy, with what that means. */
export const NewPostbackKey: Story = {
  args: { conversionActions: [newsletter], openSnippets: [newsletter.id], actions: actions() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Server postback' }));
    await expect(canvas.getByText(/No postback key yet\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Make postback key for Newsletter sign-up' }));
    await expect(args.actions?.onRotateKey).toHaveBeenCalledWith(newsletter);
    await expect(
      await canvas.findByRole('textbox', { name: 'New postback key of Newsletter sign-up' }),
    ).toHaveValue('adck_N3wK3yShownOnce0000000000000000000000000');
    await expect(canvas.getByText(/it is shown only this once/)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** An archived action's snippets say that what it receives is not counted. */
export const ArchivedSnippets: Story = {
  args: { conversionActions: [brochure], openSnippets: [brochure.id] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/This action is archived/)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { conversionActions: undefined, actions: actions() },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading conversion actions')).toBeVisible();
    // Not a button that does nothing: it waits for the actions its dialog reads.
    await expect(canvas.getByRole('button', { name: 'New conversion action' })).toBeDisabled();
  },
};

export const LoadError: Story = {
  args: { conversionActions: undefined, error: new Error(MESSAGES.campaignNotFound) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.campaignNotFound)).toBeVisible();
  },
};

/** A 390 px phone (the page's padding taken off): actions and snippets inside the card. */
export const Phone: Story = {
  args: { actions: actions(), openSnippets: [purchase.id] },
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="conversions-card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

// The dialogs open in portals over the page: the screenshot is the whole frame.
const overlay = { parameters: { overlay: true } } as const;

/** "New conversion action": the campaign's rate fixes the currency; created, the dialog closes. */
export const NewAction: Story = {
  ...overlay,
  args: { actions: actions() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New conversion action' }));
    const dialog = within(await body.findByRole('dialog', { name: 'New conversion action' }));
    await expect(dialog.getByLabelText('Currency')).toHaveValue('EUR');
    await userEvent.type(dialog.getByLabelText('Name'), 'Add to basket');
    await userEvent.click(dialog.getByRole('button', { name: 'Create conversion action' }));
    await waitFor(() =>
      expect(args.actions?.onCreate).toHaveBeenCalledWith({
        name: 'Add to basket',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: 'EUR',
        unsigned: 'tag-only',
        maxPerClick: 3,
        maxValue: '100000',
      }),
    );
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** An action that has counted conversions keeps its currency: the form says what to do instead. */
export const EditCountedAction: Story = {
  ...overlay,
  args: { rateCurrency: undefined, actions: actions() },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Purchase' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Edit Purchase' }));
    await expect(dialog.getByLabelText('Currency')).toHaveAttribute('readonly');
    await expect(dialog.getByText(/has counted conversions in EUR/)).toBeVisible();
    await expect(dialog.getByLabelText('Maximum value (optional)')).toHaveValue('500.00');
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Sent empty: the form's messages; then the server's refusal stays in the open dialog. */
export const NewActionErrors: Story = {
  ...overlay,
  args: {
    conversionActions: [],
    rateCurrency: undefined,
    actions: {
      ...actions(),
      onCreate: fn(async () => {
        throw new Error(
          "This campaign's rate is booked in EUR: its conversion actions count value in EUR too (not USD), so ROAS compares like with like.",
        );
      }),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New conversion action' }));
    const dialog = within(await body.findByRole('dialog', { name: 'New conversion action' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create conversion action' }));
    await expect(await dialog.findByText(MESSAGES.conversionActionName)).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Name'), 'Purchase');
    await userEvent.click(dialog.getByRole('button', { name: 'Create conversion action' }));
    await expect(await dialog.findByText(/booked in EUR/)).toBeVisible();
    await expect(body.getByRole('dialog', { name: 'New conversion action' })).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * Edit: the action's values (without a rate, the other actions fix the currency); saved, the dialog
 * closes; opened again, a lookback of 0 days is refused with its message.
 */
export const EditAction: Story = {
  ...overlay,
  args: { rateCurrency: undefined, actions: actions() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Newsletter sign-up' }));
    let dialog = within(await body.findByRole('dialog', { name: 'Edit Newsletter sign-up' }));
    await expect(dialog.getByLabelText('Name')).toHaveValue('Newsletter sign-up');
    await expect(dialog.getByLabelText('Counting')).toHaveTextContent('One per click');
    await expect(dialog.getByText(/other conversion actions count value in EUR/)).toBeVisible();
    await userEvent.clear(dialog.getByLabelText('Lookback window (days)'));
    await userEvent.type(dialog.getByLabelText('Lookback window (days)'), '14');
    await userEvent.click(dialog.getByRole('button', { name: 'Save conversion action' }));
    await waitFor(() =>
      expect(args.actions?.onUpdate).toHaveBeenCalledWith(newsletter, {
        name: 'Newsletter sign-up',
        type: 'sign-up',
        counting: 'one-per-click',
        lookbackDays: 14,
        currency: 'EUR',
        unsigned: 'tag-only',
        maxPerClick: 5,
        maxValue: '',
      }),
    );
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Newsletter sign-up' }));
    dialog = within(await body.findByRole('dialog', { name: 'Edit Newsletter sign-up' }));
    await userEvent.clear(dialog.getByLabelText('Lookback window (days)'));
    await userEvent.type(dialog.getByLabelText('Lookback window (days)'), '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Save conversion action' }));
    await expect(await dialog.findByText(MESSAGES.conversionActionLookback)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const EmptyDark: Story = { ...Empty, ...dark };
export const WithActionsDark: Story = { ...WithActions, ...dark };
export const SiteSnippetsDark: Story = { ...SiteSnippets, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
export const NewPostbackKeyDark: Story = { ...NewPostbackKey, ...dark };
export const NewActionErrorsDark: Story = { ...NewActionErrors, ...dark };
