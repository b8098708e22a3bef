// A placement's name and rotation (docs/serving.md, "Placements": one tag, several creatives), checked with the domain's
// placementBodySchema: its kind and size (chosen from the campaign's creatives when it is made, kept
// after: its tags expect them), its mode, and its creatives in order with their weights and paused flags.
import {
  type CreativeType,
  type PlacementBody,
  placementBodySchema,
  ROTATION_MODE_DESCRIPTIONS,
  ROTATION_MODE_LABELS,
  ROTATION_MODES,
  type RotationItemInput,
  type RotationMode,
} from '@adconsole/domain';
import { Button, type Choice, ChoiceSelect, cn, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { type PlacementFormCreative, PlacementItems } from './placement-items';

export type { PlacementFormCreative };

export type PlacementFormValues = PlacementBody;

/** What a placement serves: one kind, one size. */
export interface PlacementShape {
  kind: CreativeType;
  width: number;
  height: number;
}

export interface PlacementFormProps {
  /** The campaign's creatives; those of the placement's kind and size may join it. */
  creatives: readonly PlacementFormCreative[];
  /** An existing placement: the form edits its name, mode and creatives, and keeps its kind and size. */
  placement?: PlacementShape & PlacementBody;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: PlacementFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  submitLabel?: string;
  className?: string;
}

const shapeKey = ({ kind, width, height }: PlacementShape) => `${kind} ${width}x${height}`;
const shapeOf = (creative: PlacementFormCreative): PlacementShape => ({
  kind: creative.type,
  width: creative.width,
  height: creative.height,
});
const shapeLabel = ({ kind, width, height }: PlacementShape) => `${kind} ${width}×${height}`;

/** The campaign's kinds and sizes, the most creatives first (ties in the campaign's order). */
function shapesOf(creatives: readonly PlacementFormCreative[]): { shape: PlacementShape; count: number }[] {
  const shapes = new Map<string, { shape: PlacementShape; count: number }>();
  for (const creative of creatives) {
    const key = shapeKey(shapeOf(creative));
    const found = shapes.get(key);
    if (found) found.count += 1;
    else shapes.set(key, { shape: shapeOf(creative), count: 1 });
  }
  return [...shapes.values()].sort((a, b) => b.count - a.count);
}

const modeChoices: readonly Choice<RotationMode>[] = ROTATION_MODES.map((mode) => ({
  value: mode,
  label: ROTATION_MODE_LABELS[mode],
}));

const itemsOf = (creatives: readonly PlacementFormCreative[], shape: PlacementShape): RotationItemInput[] =>
  creatives
    .filter((creative) => shapeKey(shapeOf(creative)) === shapeKey(shape))
    .map((creative) => ({ creativeId: creative.id, weight: 1, paused: false }));

export function PlacementForm({
  creatives,
  placement,
  onSubmit,
  serverError,
  submitLabel,
  className,
}: PlacementFormProps) {
  const shapes = React.useMemo(() => shapesOf(creatives), [creatives]);
  const [newShape, setNewShape] = React.useState(() => shapes[0]?.shape);
  const shape = placement ?? newShape;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: schemaResolver(placementBodySchema),
    defaultValues: placement
      ? { name: placement.name, mode: placement.mode, items: placement.items }
      : { name: '', mode: 'even' as RotationMode, items: shape ? itemsOf(creatives, shape) : [] },
  });
  const mode = watch('mode') ?? 'even';
  const sameShape = shape
    ? creatives.filter((creative) => shapeKey(shapeOf(creative)) === shapeKey(shape))
    : [];
  const shapeChoices: Choice<string>[] = shapes.map(({ shape: each, count }) => ({
    value: shapeKey(each),
    label: `${shapeLabel(each)} (${count} creative${count === 1 ? '' : 's'})`,
  }));

  return (
    <form
      aria-label={placement ? 'Edit placement' : 'New placement'}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="placement-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Field label="Placement name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      {placement ? (
        <Field
          label="Kind and size"
          description="Kept: the tags already on publishers' pages expect it. Make another placement for other creatives."
        >
          <Input readOnly value={shapeLabel(placement)} />
        </Field>
      ) : (
        <Field
          label="Kind and size"
          description="One tag serves one kind and size: the placement takes the campaign's creatives of it."
        >
          {(controlProps) => (
            <ChoiceSelect
              {...controlProps}
              choices={shapeChoices}
              value={shape ? shapeKey(shape) : undefined}
              placeholder="The campaign has no creatives yet"
              disabled={shapes.length === 0}
              onValueChange={(key) => {
                const chosen = shapes.find((each) => shapeKey(each.shape) === key)?.shape;
                if (!chosen) return;
                setNewShape(chosen);
                setValue('items', itemsOf(creatives, chosen), { shouldValidate: isSubmitted });
              }}
            />
          )}
        </Field>
      )}
      <SelectField
        control={control}
        name="mode"
        label="Rotation"
        description={ROTATION_MODE_DESCRIPTIONS[mode]}
        error={errors.mode?.message}
        choices={modeChoices}
      />
      <PlacementItems control={control} errors={errors} creatives={sameShape} mode={mode} />
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        {submitLabel ?? (placement ? 'Save placement' : 'Create placement')}
      </Button>
    </form>
  );
}
