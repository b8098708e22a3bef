// The advertisers a client reads (docs/security.md, "Client access"): a checkbox per advertiser, for the
// invite form and the admin's "Client's advertisers" dialog.
import { Checkbox, Field, FieldError } from '@adconsole/ui';
import * as React from 'react';

export interface AdvertiserChoice {
  id: string;
  name: string;
}

export interface AdvertiserChoicesProps {
  advertisers: readonly AdvertiserChoice[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  legend?: string;
}

/** One checkbox per advertiser; the value keeps the list's order. */
export function AdvertiserChoices({
  advertisers,
  value,
  onChange,
  onBlur,
  error,
  legend = "The client's advertisers",
}: AdvertiserChoicesProps) {
  const errorId = `${React.useId()}-advertisers-error`;
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-slot="advertiser-choices"
    >
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {advertisers.map((advertiser) => (
        <Field key={advertiser.id} orientation="horizontal" label={advertiser.name}>
          {(controlProps) => (
            <Checkbox
              {...controlProps}
              name={`advertiserIds.${advertiser.id}`}
              checked={value.includes(advertiser.id)}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? advertisers
                        .map((each) => each.id)
                        .filter((id) => id === advertiser.id || value.includes(id))
                    : value.filter((id) => id !== advertiser.id),
                )
              }
              onBlur={onBlur}
            />
          )}
        </Field>
      ))}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
