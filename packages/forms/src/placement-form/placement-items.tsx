// The placement form's creatives: the rotation's items in order (a react-hook-form field array, so
// each weight and paused flag is a field of its own and keeps its message beside the list's), each
// with its weight (weighted rotation), its paused flag, a move up or down (sequential rotation serves
// them in this order) and a remove button; the creatives of the placement's kind and size not in it
// yet can be added.
import type { CreativeType, PlacementBody, placementBodySchema, RotationMode } from '@adconsole/domain';
import { Badge, Button, Checkbox, ChoiceSelect, FieldError, Input, Label } from '@adconsole/ui';
import * as React from 'react';
import { type Control, Controller, type FieldErrors, useFieldArray } from 'react-hook-form';
import type { z } from 'zod/mini';

/** A creative of the campaign as the form offers it. */
export interface PlacementFormCreative {
  id: string;
  name: string;
  type: CreativeType;
  width: number;
  height: number;
  /** It has a live creative: until then a placement never serves it. */
  published: boolean;
}

/** The form's values as held (weights and paused flags filled in by the schema's defaults). */
type PlacementFormInput = z.input<typeof placementBodySchema>;

interface PlacementItemsProps {
  control: Control<PlacementFormInput, unknown, PlacementBody>;
  errors: FieldErrors<PlacementBody>;
  /** The campaign's creatives of the placement's kind and size. */
  creatives: readonly PlacementFormCreative[];
  mode: RotationMode;
}

export function PlacementItems({ control, errors, creatives, mode }: PlacementItemsProps) {
  const { fields: items, append, remove, move } = useFieldArray({ control, name: 'items', keyName: 'key' });
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const id = React.useId();
  const listErrorId = listError ? `${id}-error` : undefined;
  const nameOf = (creativeId: string) =>
    creatives.find((creative) => creative.id === creativeId)?.name ?? creativeId;
  const addable = creatives.filter((creative) => !items.some((item) => item.creativeId === creative.id));
  const [adding, setAdding] = React.useState<string | undefined>(undefined);
  const toAdd = addable.some((creative) => creative.id === adding) ? adding : addable[0]?.id;

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={listErrorId} data-slot="placement-items">
      <legend className="mb-2 font-medium text-sm">Creatives</legend>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No creatives in this placement: add one below.</p>
      ) : (
        <ol className="grid gap-2">
          {items.map((item, index) => {
            const name = nameOf(item.creativeId);
            const published = creatives.find((creative) => creative.id === item.creativeId)?.published;
            const weightError = errors.items?.[index]?.weight?.message;
            const weightId = `${id}-${index}-weight`;
            const weightErrorId = weightError ? `${weightId}-error` : undefined;
            return (
              <li
                key={item.key}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-md border p-2 text-sm"
                data-slot="placement-item"
              >
                <div className="flex min-w-[10rem] flex-1 flex-wrap items-center gap-2">
                  {mode === 'sequential' ? (
                    <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
                  ) : null}
                  <span className="min-w-0 break-words font-medium">{name}</span>
                  {published === false ? <Badge variant="outline">Not published</Badge> : null}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  {mode === 'weighted' ? (
                    <div className="flex items-center gap-2">
                      <Label htmlFor={weightId}>Weight</Label>
                      <Controller
                        control={control}
                        name={`items.${index}.weight`}
                        render={({ field }) => (
                          <Input
                            id={weightId}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={1000}
                            step={1}
                            className="w-20"
                            aria-label={`Weight of ${name}`}
                            aria-invalid={weightError ? true : undefined}
                            aria-describedby={weightErrorId}
                            name={field.name}
                            ref={field.ref}
                            onBlur={field.onBlur}
                            value={
                              typeof field.value === 'number' && !Number.isNaN(field.value)
                                ? String(field.value)
                                : ''
                            }
                            onChange={(event) => field.onChange(event.target.valueAsNumber)}
                          />
                        )}
                      />
                    </div>
                  ) : null}
                  <div className="flex items-center gap-2">
                    <Controller
                      control={control}
                      name={`items.${index}.paused`}
                      render={({ field }) => (
                        <Checkbox
                          id={`${id}-${index}-paused`}
                          aria-label={`Paused: ${name}`}
                          name={field.name}
                          checked={field.value === true}
                          onCheckedChange={(checked) => field.onChange(checked === true)}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                    <Label htmlFor={`${id}-${index}-paused`}>Paused</Label>
                  </div>
                  {mode === 'sequential' ? (
                    <>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        Up
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move ${name} down`}
                        disabled={index === items.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        Down
                      </Button>
                    </>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </div>
                {weightError ? (
                  <FieldError id={weightErrorId} className="basis-full">
                    {weightError}
                  </FieldError>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {listError ? <FieldError id={listErrorId}>{listError}</FieldError> : null}
      {addable.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-[12rem] flex-1 gap-2">
            <Label htmlFor={`${id}-add`}>Creative to add</Label>
            <ChoiceSelect
              id={`${id}-add`}
              choices={addable.map((creative) => ({ value: creative.id, label: creative.name }))}
              value={toAdd}
              onValueChange={setAdding}
            />
          </div>
          <Button
            variant="secondary"
            onClick={() => {
              if (toAdd) append({ creativeId: toAdd, weight: 1, paused: false });
            }}
          >
            Add creative
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
