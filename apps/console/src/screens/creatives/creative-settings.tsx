// The creative's settings and, for a banner, its layout: one form with one Save button that saves both
// in one request, one pending state, each error where it belongs (a field's under it, the layout's in
// the layout section, the server's above the button). Props only: every state has a story.
import {
  type Creative,
  type CreativeType,
  creativeTakesLayout,
  errorMessage,
  findLayout,
  findPlatform,
  MESSAGES,
  withCreativeSetting,
} from '@adconsole/domain';
import {
  CreativeForm,
  type CreativeFormValues,
  type LayoutOptionsFormHandle,
  type LayoutOptionsFormValues,
} from '@adconsole/forms';
import { useEffect, useRef, useState } from 'react';
import { LayoutPanel, NO_LAYOUT } from './layout-panel';
import type { TagInputs } from './tag-panel';

/** Only a banner has a layout: VAST and VPAID creatives play in the publisher's video player. */
export type CreativeSettingsProps = {
  creative: Creative;
  campaignID: string;
  /** The tag inputs last saved in this visit (deal id, fallback id, click macros). */
  tagInputs: TagInputs;
  /** Saves the creative with its layout (one request); rejects with the server's error. */
  save: (creative: Creative) => Promise<unknown>;
  /** Told the tag inputs once the creative is saved. */
  onSaved?: (tagInputs: TagInputs) => void;
  /**
   * Told the chosen type, layout and its options as they change, before they are saved (the preview);
   * undefined when the form starts again from the server's settings (nothing unsaved is left).
   */
  onDraftChange?: (draft: CreativeDraft | undefined) => void;
  /** Told when a save starts (before its checks) and when it is over, whatever its outcome. */
  onSavingChange?: (saving: boolean) => void;
  /** Told whether a field of the form differs from what it started with (what the user typed). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Opened by the save that created the creative: the form says "Saved." as after any save. */
  justSaved?: boolean;
};

/** The creative's settings as the form shows them: a change of these, and only these, starts it again. */
const settingsKey = (creative: Creative) =>
  JSON.stringify([
    creative.id,
    creative.name,
    creative.type,
    creative.width,
    creative.height,
    creative.fluid,
    creative.platform,
    creative.layout,
    creative.trackers,
    creative.settings,
  ]);

/** What the editor shows before it is saved. */
export type CreativeDraft = {
  type: CreativeType;
  layoutID: string | null;
  layoutOptions: LayoutOptionsFormValues | undefined;
};

export function CreativeSettings({
  creative,
  campaignID,
  tagInputs,
  save,
  onSaved,
  onDraftChange,
  onSavingChange,
  onDirtyChange,
  justSaved = false,
}: CreativeSettingsProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(justSaved);
  const [type, setType] = useState<CreativeType>(creative.type);
  const [layoutID, setLayoutID] = useState(creative.layout ?? NO_LAYOUT);
  // The form starts again only when the settings it shows changed on the server (a save, another tab),
  // never for an asset uploaded or deleted meanwhile: that would drop what is typed and not yet saved.
  const formKey = settingsKey(creative);
  const [shownKey, setShownKey] = useState(formKey);
  if (shownKey !== formKey) {
    setShownKey(formKey);
    setType(creative.type);
    setLayoutID(creative.layout ?? NO_LAYOUT);
  }
  // Started again (or first drawn): nothing unsaved is left, neither layout options nor the preview's draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the form starts again, not when the parent's callback changes
  useEffect(() => {
    layoutOptions.current = undefined;
    onDraftChange?.(undefined);
  }, [formKey]);
  const layoutOptions = useRef<LayoutOptionsFormValues | undefined>(undefined);
  const layoutForm = useRef<LayoutOptionsFormHandle>(null);
  const draft = (next: Partial<CreativeDraft>) =>
    onDraftChange?.({
      type,
      layoutID: layoutID === NO_LAYOUT ? null : layoutID,
      layoutOptions: layoutOptions.current,
      ...next,
    });

  const submit = async (values: CreativeFormValues) => {
    onSavingChange?.(true);
    try {
      await saveValues(values);
    } finally {
      onSavingChange?.(false);
    }
  };
  const saveValues = async (values: CreativeFormValues) => {
    setServerError(null);
    setSaved(false);
    let next: Creative = { ...creative, ...values.creative, id: creative.id };
    if (creativeTakesLayout(values.creative.type) && layoutForm.current) {
      const options = await layoutForm.current.collect();
      if (options === null) {
        setServerError('The layout options need a fix (see Layout): nothing was saved.');
        return;
      }
      next = {
        ...next,
        layout: findLayout(layoutID)?.id ?? null,
        settings: withCreativeSetting(next.settings, 'layoutOptions', options),
      };
    }
    try {
      await save(next);
      onSaved?.({
        dealID: values.dealID,
        fallbackID: values.fallbackID,
        clickMacro: values.clickMacro,
        clickMacroEscaped: values.clickMacroEscaped,
      });
      setSaved(true);
    } catch (error) {
      setServerError(errorMessage(error, MESSAGES.creativeNotSaved));
    }
  };

  return (
    <CreativeForm
      key={formKey}
      campaignID={campaignID}
      defaultValues={{
        id: creative.id,
        name: creative.name,
        type: creative.type,
        width: creative.width,
        height: creative.height,
        fluid: creative.fluid,
        platform: findPlatform(creative.platform)?.id ?? null,
        trackers: creative.trackers,
        settings: creative.settings,
        ...tagInputs,
      }}
      onSubmit={submit}
      serverError={serverError}
      successMessage={saved ? 'Saved.' : undefined}
      onTypeChange={(next) => {
        setType(next);
        draft({ type: next });
      }}
      onDirtyChange={onDirtyChange}
    >
      {creativeTakesLayout(type) ? (
        <section aria-labelledby="creative-layout" className="grid gap-4 border-t pt-6">
          <h3 id="creative-layout" className="font-semibold text-base">
            Layout
          </h3>
          <LayoutPanel
            creative={creative}
            layoutID={layoutID}
            onLayoutIDChange={(next) => {
              setLayoutID(next);
              layoutOptions.current = undefined;
              draft({ layoutID: next === NO_LAYOUT ? null : next, layoutOptions: undefined });
            }}
            handleRef={layoutForm}
            onValuesChange={(values) => {
              layoutOptions.current = values;
              draft({ layoutOptions: values });
            }}
          />
        </section>
      ) : null}
    </CreativeForm>
  );
}
