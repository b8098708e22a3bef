import { type VerificationVendor, verificationVendorSchema } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { type VerificationVendorErrors, VerificationVendorsField } from './verification-vendors-field';

const vendors: VerificationVendor[] = [
  {
    vendor: 'verifier.example-omid',
    url: 'https://verifier.example/omid/verify.js',
    parameters: '{"campaign":"winter-sale"}',
  },
  { vendor: 'brandsafe.example-omid', url: 'https://cdn.brandsafe.example/omid.js' },
];

/** The field with its own state, as a form holds it. */
function Stateful({
  initial,
  onChange,
  errors,
}: {
  initial: VerificationVendor[];
  onChange: (vendors: VerificationVendor[]) => void;
  errors?: (VerificationVendorErrors | undefined)[];
}) {
  const [value, setValue] = React.useState(initial);
  return (
    <VerificationVendorsField
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** Each row's messages from the domain's schema, as the creative form shows them after a submit. */
const errorsOf = (list: VerificationVendor[]) =>
  list.map((vendor) => {
    const errors: VerificationVendorErrors = {};
    for (const issue of verificationVendorSchema.safeParse(vendor).error?.issues ?? []) {
      const field = issue.path[0] as keyof VerificationVendor;
      // The first message of a field, as the form shows it.
      errors[field] ??= issue.message;
    }
    return errors;
  });

const meta = {
  title: 'Forms/VerificationVendorsField',
  component: VerificationVendorsField,
  args: { value: vendors, onChange: fn() },
  render: (args) => (
    <Stateful
      initial={[...args.value]}
      onChange={args.onChange}
      errors={args.errors ? [...args.errors] : undefined}
    />
  ),
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof VerificationVendorsField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoVendors: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Verification vendors' })).toBeVisible();
    await expect(canvas.getByLabelText('Vendor 1 key')).toHaveValue('verifier.example-omid');
    await expect(canvas.getByLabelText('Vendor 2 script URL')).toHaveValue(
      'https://cdn.brandsafe.example/omid.js',
    );
  },
};

export const NoVendors: Story = {
  args: { value: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No verification vendors.')).toBeVisible();
  },
};

/** Adding a vendor and filling it in; removing another. The list is what the form saves. */
export const AddAndRemove: Story = {
  args: { value: [vendors[1] as VerificationVendor] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add verification vendor' }));
    await userEvent.type(canvas.getByLabelText('Vendor 2 key'), 'verifier.example-omid');
    await userEvent.type(canvas.getByLabelText('Vendor 2 script URL'), 'https://verifier.example/v.js');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove vendor 1' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([
      { vendor: 'verifier.example-omid', url: 'https://verifier.example/v.js', parameters: '' },
    ]);
    await expect(canvas.getByLabelText('Vendor 1 key')).toHaveValue('verifier.example-omid');
  },
};

const invalid: VerificationVendor[] = [{ vendor: '', url: 'http://verifier.example/omid.js' }];
/** The domain's messages: a vendor key is required, the script must be https. */
export const WithErrors: Story = {
  args: { value: invalid, errors: errorsOf(invalid) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Vendor key is required')).toBeVisible();
    await expect(canvas.getByText('Verification script must be an https URL')).toBeVisible();
    await expect(canvas.getByLabelText('Vendor 1 script URL')).toHaveAttribute('aria-invalid', 'true');
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const TwoVendorsDark: Story = { ...TwoVendors, ...dark };
export const WithErrorsDark: Story = { ...WithErrors, ...dark };
