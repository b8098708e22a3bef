import { APPROVAL_MESSAGES, approvalRequirementMessage, type CreativeApproval } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ApprovalPanel, approvalRequirementLine } from './approval-card';

const draft: CreativeApproval = { state: 'draft', by: null, at: null, comment: null, changedSince: false };
const inReview: CreativeApproval = {
  state: 'in-review',
  by: { name: 'Ana Trafficker', email: 'ana@adconsole.test', via: 'console' },
  at: '2026-11-29T09:30:00.000Z',
  comment: null,
  changedSince: false,
};

const meta = {
  title: 'Console/Approval/ApprovalPanel',
  component: ApprovalPanel,
  args: { approval: draft, pending: false, onSubmit: fn(), onDecide: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof ApprovalPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A creative never submitted: "Submit for review". */
export const Draft: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Draft')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit for review' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** In review: "Approve", or "Request changes" with a comment (required: said before anything is sent). */
export const InReview: Story = {
  args: { approval: inReview },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('In review')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Request changes' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await expect(canvas.getByText(APPROVAL_MESSAGES.commentRequired)).toBeVisible();
    await expect(args.onDecide).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('What should change'), 'A larger logo, please.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await expect(args.onDecide).toHaveBeenCalledWith('request-changes', 'A larger logo, please.');
  },
};

/** In review: approved at once. */
export const Approve: Story = {
  args: { approval: inReview },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(args.onDecide).toHaveBeenCalledWith('approve', '');
  },
};

/** Approved by a client through a preview link: their typed name, the time and their comment; no step left. */
export const ApprovedByClient: Story = {
  args: {
    approval: {
      state: 'approved',
      by: { name: 'Nora Client', email: null, via: 'preview-link' },
      at: '2026-11-29T10:05:00.000Z',
      comment: 'Looks great, go ahead.',
      changedSince: false,
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Approved by Nora Client (preview link), 29 Nov 2026, 10:05 UTC'),
    ).toBeVisible();
    await expect(canvas.getByText('Looks great, go ahead.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Changes requested: the comment, and "Submit for review" again once fixed. */
export const ChangesRequested: Story = {
  args: {
    approval: {
      state: 'changes-requested',
      by: { name: 'Nora Client', email: null, via: 'preview-link' },
      at: '2026-11-29T10:05:00.000Z',
      comment: 'Use the spring palette.',
      changedSince: false,
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Changes requested', { selector: '[data-slot="badge"], span' }),
    ).toBeVisible();
    await expect(canvas.getByText('Use the spring palette.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  },
};

/** Approved, then changed: back in review, and the card says the creative changed since. */
export const ChangedSinceApproval: Story = {
  args: { approval: { ...inReview, changedSince: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/The creative changed since\./)).toBeVisible();
  },
};

/** Its advertiser requires approval: the card says so, from the domain's catalogue. */
export const AdvertiserRequiresApproval: Story = {
  args: { requirement: approvalRequirementLine({ name: 'Contoso', requiresApproval: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(approvalRequirementMessage('Contoso', true))).toBeVisible();
    await expect(canvas.getByText('Contoso requires approval before publishing')).toBeVisible();
  },
};

/** Its advertiser leaves approval optional: publishing does not wait for it. */
export const ApprovalOptional: Story = {
  args: { requirement: approvalRequirementLine({ name: 'Northwind', requiresApproval: false }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Approval optional for Northwind')).toBeVisible();
  },
};

/**
 * A client's view of a creative in review (docs/security.md, "Client access"): it approves or requests
 * changes; a draft offers it nothing to submit.
 */
export const ClientDecides: Story = {
  args: {
    approval: inReview,
    canSubmit: false,
    requirement: approvalRequirementLine({ name: 'Contoso', requiresApproval: true }),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(args.onDecide).toHaveBeenCalledWith('approve', '');
    await expect(canvas.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  },
};

/** A client's view of a draft: nothing to do until the owner submits it. */
export const ClientDraft: Story = {
  args: {
    canSubmit: false,
    requirement: approvalRequirementLine({ name: 'Northwind', requiresApproval: false }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Draft')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
