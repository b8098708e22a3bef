// The A/B test form's variants: a checkbox per creative of the placement (two to five of them), then
// which one is the control. Unchecking the control makes the first variant left the control.
import type { AbTestGoal, ProportionSample } from '@adconsole/domain';
import { Badge, Checkbox, ChoiceSelect, Field, FieldError, Label } from '@adconsole/ui';
import * as React from 'react';

/** A creative of the placement as the form offers it. */
export interface AbTestFormCreative {
  id: string;
  name: string;
  /** It has a live creative: until then it never serves, and a test of it never reaches its sample. */
  published: boolean;
  /** Its counts of each goal so far (all time), the control's baseline when no rate is entered. */
  goals?: Partial<Record<AbTestGoal, ProportionSample>>;
}

interface VariantChoiceProps {
  creatives: readonly AbTestFormCreative[];
  variants: (string | undefined)[];
  control: string | undefined;
  max: number;
  onChange: (variants: string[], control: string) => void;
  error: string | undefined;
}

export function VariantChoice({ creatives, variants, control, max, onChange, error }: VariantChoiceProps) {
  const id = React.useId();
  const errorId = error ? `${id}-error` : undefined;
  const chosen = creatives.filter((creative) => variants.includes(creative.id));
  const toggle = (creativeId: string, on: boolean) => {
    // Kept in the placement's order, so the chart lists them as the placement does.
    const next = creatives
      .filter((creative) => (creative.id === creativeId ? on : variants.includes(creative.id)))
      .map((creative) => creative.id);
    onChange(next, control && next.includes(control) ? control : (next[0] ?? ''));
  };
  return (
    <fieldset className="grid gap-3" aria-describedby={errorId} data-slot="variant-choice">
      <legend className="mb-1 font-medium text-sm">Variants (2 to {max})</legend>
      <ul className="grid gap-2">
        {creatives.map((creative) => {
          const checked = variants.includes(creative.id);
          const checkboxId = `${id}-${creative.id}`;
          return (
            <li key={creative.id} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
              <Checkbox
                id={checkboxId}
                checked={checked}
                disabled={!checked && variants.length >= max}
                aria-invalid={error ? true : undefined}
                onCheckedChange={(state) => toggle(creative.id, state === true)}
              />
              <Label htmlFor={checkboxId} className="min-w-0 break-words">
                {creative.name}
              </Label>
              {creative.published ? null : <Badge variant="outline">Not published</Badge>}
            </li>
          );
        })}
      </ul>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <Field
        label="Control"
        description="The creative the others are compared with: usually the one serving today."
      >
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            choices={chosen.map((creative) => ({ value: creative.id, label: creative.name }))}
            value={control || undefined}
            placeholder="Choose the variants first"
            disabled={chosen.length === 0}
            onValueChange={(next) =>
              onChange(
                chosen.map((creative) => creative.id),
                next,
              )
            }
          />
        )}
      </Field>
    </fieldset>
  );
}
