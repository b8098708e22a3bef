// The creative form's Trackers: third-party trackers as rows (a react-hook-form field array), each with
// the event it fires on, how it fires (pixel, script, redirect) and its URL.
import { TRACKER_KINDS, TRACKER_TYPES, type TrackerKind, type TrackerType } from '@adconsole/domain';
import { Button, Field, Input } from '@adconsole/ui';
import { useFieldArray } from 'react-hook-form';
import { SelectField } from '../lib/fields';
import type { CreativeFormMethods } from './creative-form-schema';

const trackerKindLabels: Record<TrackerKind, string> = {
  click: 'Click',
  impression: 'Impression',
  engagement: 'Engagement',
  videoStart: 'Video start',
  videoFirstQuartile: 'Video first quartile',
  videoMidpoint: 'Video midpoint',
  videoThirdQuartile: 'Video third quartile',
  videoComplete: 'Video complete',
};
const trackerKindChoices = TRACKER_KINDS.map((kind) => ({ value: kind, label: trackerKindLabels[kind] }));
const trackerTypeLabels: Record<TrackerType, string> = {
  pixel: 'Pixel',
  script: 'Script',
  redirect: 'Redirect',
};
const trackerTypeChoices = TRACKER_TYPES.map((type) => ({ value: type, label: trackerTypeLabels[type] }));

/** Trackers: a row per tracker, removable, and a button that adds one. */
export function CreativeTrackers({ form }: { form: CreativeFormMethods }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const trackerRows = useFieldArray({ control, name: 'trackerRows' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-semibold text-sm">Trackers</legend>
      {trackerRows.fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">No third-party trackers.</p>
      ) : null}
      {trackerRows.fields.map((row, index) => {
        const number = index + 1;
        return (
          <div
            key={row.id}
            className="grid items-start gap-2 sm:grid-cols-[10rem_7rem_1fr_auto]"
            data-slot="tracker-row"
          >
            <SelectField
              control={control}
              name={`trackerRows.${index}.kind`}
              label={`Tracker ${number} event`}
              choices={trackerKindChoices}
            />
            <SelectField
              control={control}
              name={`trackerRows.${index}.type`}
              label={`Tracker ${number} type`}
              choices={trackerTypeChoices}
            />
            <Field label={`Tracker ${number} URL`} error={errors.trackerRows?.[index]?.url?.message}>
              <Input type="url" placeholder="https://" {...register(`trackerRows.${index}.url`)} />
            </Field>
            <Button
              variant="outline"
              className="sm:mt-[1.375rem]"
              aria-label={`Remove tracker ${number}`}
              onClick={() => trackerRows.remove(index)}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        className="justify-self-start"
        onClick={() => trackerRows.append({ kind: 'impression', type: 'pixel', url: '' })}
      >
        Add tracker
      </Button>
    </fieldset>
  );
}
