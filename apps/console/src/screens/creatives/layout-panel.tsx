// The creative's banner layout (docs/product.md §3): none, or a catalogue layout such as In-Banner Video,
// with its options and the global display settings; warns while a required asset is missing.
import {
  type Creative,
  creativeSetting,
  errorMessage,
  findLayout,
  layouts,
  missingRequiredAssets,
  withCreativeSetting,
} from '@adconsole/domain';
import { LayoutOptionsForm } from '@adconsole/forms';
import { Alert, AlertDescription, ChoiceSelect, Field } from '@adconsole/ui';
import { useState } from 'react';

const NO_LAYOUT = 'none';
const layoutChoices = [
  { value: NO_LAYOUT, label: 'No layout' },
  ...layouts.map((layout) => ({ value: layout.id, label: layout.name })),
];

/** Stored option values for the form; a yes/no stored as a boolean reads as the catalogue's 'yes' or 'no'. */
const savedOptions = (creative: Creative) => {
  const stored = creativeSetting(creative, 'layoutOptions');
  if (!stored) return undefined;
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? (value ? 'yes' : 'no') : value,
    ]),
  );
};

export function LayoutPanel({
  creative,
  save,
}: {
  creative: Creative;
  save: (creative: Creative) => Promise<unknown>;
}) {
  const [layoutID, setLayoutID] = useState(creative.layout ?? NO_LAYOUT);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const layout = findLayout(layoutID);
  const missing = layout ? missingRequiredAssets(layout, creative.assets) : [];

  return (
    <div className="grid gap-4">
      <Field label="Layout">
        {(control) => (
          <ChoiceSelect {...control} choices={layoutChoices} value={layoutID} onValueChange={setLayoutID} />
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
        defaultValues={savedOptions(creative)}
        serverError={serverError}
        successMessage={saved ? 'Layout saved.' : undefined}
        onSubmit={async (values) => {
          setServerError(null);
          setSaved(false);
          try {
            await save({
              ...creative,
              layout: layout?.id ?? null,
              settings: withCreativeSetting(creative.settings, 'layoutOptions', values),
            });
            setSaved(true);
          } catch (error) {
            setServerError(errorMessage(error, 'The layout was not saved.'));
          }
        }}
      />
    </div>
  );
}
