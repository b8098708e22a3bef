import { DELIVERY_RULE, deliveryRulesServeNothingMessage, MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  checkTargeting,
  TargetingFields,
  type TargetingFieldsProps,
  type TargetingValues,
} from './targeting-fields';

/** The fields as a booking form holds them: the values in its state, each change's rules handed on. */
function Booking({ value: first, onChange, ...props }: TargetingFieldsProps) {
  const [value, setValue] = useState<TargetingValues>(first);
  return (
    <TargetingFields
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Forms/TargetingFields',
  component: TargetingFields,
  render: (args) => <Booking {...args} />,
  args: { value: {}, onChange: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof TargetingFields>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: any country, any device type; the booking's rules are none. */
export const AnyRequest: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Targeting' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Countries' })).toHaveTextContent('Any country');
    await expect(canvas.getByRole('combobox', { name: 'Device types' })).toHaveTextContent('Any device type');
    await expect(checkTargeting({})).toEqual({ rules: {} });
  },
};

/** Germany and mobile chosen through the delivery rules form's own fields: the rules the booking sends. */
export const GermanyMobile: Story = {
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Countries' }));
    await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Add a country' }));
    await userEvent.type(body.getByPlaceholderText('Search countries…'), 'Germany');
    await userEvent.click(await body.findByRole('option', { name: /Germany/ }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Device types' }));
    await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Mobile' }));
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as TargetingValues;
    await expect(checkTargeting(last)).toEqual({
      rules: {
        countries: { mode: 'include', values: ['DE'] },
        devices: { mode: 'include', values: ['mobile'] },
      },
    });
    (canvas.getByRole('checkbox', { name: 'Mobile' }) as HTMLElement).blur();
  },
};

/** "Only these" with no country chosen yet: the delivery rules form's message beside it, no rules. */
export const NoCountryChosen: Story = {
  args: { value: { countries: { mode: 'include', values: [] } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.deliveryRuleValues)).toBeVisible();
    await expect(checkTargeting({ countries: { mode: 'include', values: [] } })).toEqual({
      errors: { countries: MESSAGES.deliveryRuleValues },
      field: 'Countries',
    });
  },
};

/** Every device type left out: no request could match, said beside the device types. */
export const EveryDeviceLeftOut: Story = {
  args: { value: { devices: { mode: 'exclude', values: ['ctv', 'desktop', 'mobile', 'other', 'tablet'] } } },
  play: async ({ canvas }) => {
    const message = deliveryRulesServeNothingMessage(DELIVERY_RULE.devices.servesNothing);
    await expect(canvas.getByText(message)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Mobile' })).toBeChecked();
  },
};
