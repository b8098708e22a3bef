// The creative's banner layout (docs/product.md §3): none, or a catalogue layout such as In-Banner Video,
// with its options and the global display settings; warns while a required asset is missing. A section
// of the creative's form (creative-settings.tsx): the form's one Save button saves it with the rest.
import {
  type Creative,
  creativeSetting,
  findLayout,
  layouts,
  missingRequiredAssets,
} from '@adconsole/domain';
import {
  LayoutOptionsForm,
  type LayoutOptionsFormHandle,
  type LayoutOptionsFormValues,
} from '@adconsole/forms';
import { Alert, AlertDescription, ChoiceSelect, Field } from '@adconsole/ui';
import type { Ref } from 'react';

export const NO_LAYOUT = 'none';
const layoutChoices = [
  { value: NO_LAYOUT, label: 'No layout' },
  ...layouts.map((layout) => ({ value: layout.id, label: layout.name })),
];

/** Stored option values for the form; a yes/no stored as a boolean reads as the catalogue's 'yes' or 'no'. */
const savedLayoutOptions = (creative: Creative): LayoutOptionsFormValues | undefined => {
  const stored = creativeSetting(creative, 'layoutOptions');
  if (!stored) return undefined;
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? (value ? 'yes' : 'no') : value,
    ]),
  );
};

export type LayoutPanelProps = {
  creative: Creative;
  /** The chosen layout's id, or NO_LAYOUT. */
  layoutID: string;
  onLayoutIDChange: (layoutID: string) => void;
  /** Where the creative's form reads the checked options from when it saves. */
  handleRef: Ref<LayoutOptionsFormHandle>;
  /** Told every option's value as it changes (the preview). */
  onValuesChange?: (values: LayoutOptionsFormValues) => void;
};

export function LayoutPanel({
  creative,
  layoutID,
  onLayoutIDChange,
  handleRef,
  onValuesChange,
}: LayoutPanelProps) {
  const layout = findLayout(layoutID);
  const missing = layout ? missingRequiredAssets(layout, creative.assets) : [];

  return (
    <div className="grid gap-4">
      <Field label="Layout">
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={layoutChoices}
            value={layoutID}
            onValueChange={onLayoutIDChange}
          />
        )}
      </Field>
      {missing.length > 0 ? (
        <Alert variant="warning">
          <AlertDescription>
            The {layout?.name} layout shows once these assets are uploaded: {missing.join(', ')}.
          </AlertDescription>
        </Alert>
      ) : null}
      <LayoutOptionsForm
        key={layoutID}
        layout={layout}
        defaultValues={savedLayoutOptions(creative)}
        saveButton={false}
        handleRef={handleRef}
        onValuesChange={onValuesChange}
      />
    </div>
  );
}
