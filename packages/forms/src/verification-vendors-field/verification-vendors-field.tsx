import type { VerificationVendor } from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import type * as React from 'react';

/** Messages of one vendor row, by field (the domain's, from the creative's settings schema). */
export type VerificationVendorErrors = Partial<Record<keyof VerificationVendor, string>>;

export type VerificationVendorsFieldProps = Omit<React.ComponentProps<'fieldset'>, 'onChange'> & {
  /** The creative's verification vendors (its `verificationVendors` setting). */
  value: readonly VerificationVendor[];
  onChange: (vendors: VerificationVendor[]) => void;
  /** Each row's messages, when the form was checked. */
  errors?: readonly (VerificationVendorErrors | undefined)[];
  disabled?: boolean;
};

const EMPTY_VENDOR: VerificationVendor = { vendor: '', url: '', parameters: '' };

/**
 * The verification vendors a VAST creative carries in <AdVerifications>: each vendor's key, its OM SDK
 * script (https) and the parameters the vendor gave for this creative.
 */
export function VerificationVendorsField({
  value,
  onChange,
  errors = [],
  disabled,
  className,
  ...props
}: VerificationVendorsFieldProps) {
  const update = (index: number, patch: Partial<VerificationVendor>) =>
    onChange(value.map((vendor, at) => (at === index ? { ...vendor, ...patch } : vendor)));
  return (
    <fieldset
      data-slot="verification-vendors"
      className={cn('grid gap-3', className)}
      disabled={disabled}
      {...props}
    >
      <legend className="mb-1 font-semibold text-sm">Verification vendors</legend>
      <p className="text-muted-foreground text-sm">
        Measurement scripts (Open Measurement, apiFramework "omid") the player runs beside the video. A player
        that cannot run one reports why.
      </p>
      {value.length === 0 ? <p className="text-muted-foreground text-sm">No verification vendors.</p> : null}
      {value.map((vendor, index) => {
        const number = index + 1;
        const rowErrors = errors[index];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their order is the key
            key={index}
            data-slot="verification-vendor"
            className="grid items-start gap-2 sm:grid-cols-[12rem_1fr_auto]"
          >
            <Field label={`Vendor ${number} key`} error={rowErrors?.vendor}>
              <Input
                autoComplete="off"
                placeholder="company.com-omid"
                value={vendor.vendor}
                onChange={(event) => update(index, { vendor: event.target.value })}
              />
            </Field>
            <Field label={`Vendor ${number} script URL`} error={rowErrors?.url}>
              <Input
                type="url"
                inputMode="url"
                placeholder="https://"
                value={vendor.url}
                onChange={(event) => update(index, { url: event.target.value })}
              />
            </Field>
            <Button
              variant="outline"
              className="sm:mt-[1.375rem]"
              aria-label={`Remove vendor ${number}`}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
            <Field
              className="sm:col-span-2"
              label={`Vendor ${number} parameters`}
              description="Optional: what the vendor asked to pass to its script (VerificationParameters)."
              error={rowErrors?.parameters}
            >
              <Input
                autoComplete="off"
                value={vendor.parameters ?? ''}
                onChange={(event) => update(index, { parameters: event.target.value })}
              />
            </Field>
          </div>
        );
      })}
      <Button
        variant="secondary"
        className="justify-self-start"
        onClick={() => onChange([...value, { ...EMPTY_VENDOR }])}
      >
        Add verification vendor
      </Button>
    </fieldset>
  );
}
