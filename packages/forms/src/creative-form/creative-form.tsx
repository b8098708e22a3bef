// The creative form: a creative's name and type, then its sections (Dimensions, Platform, Settings,
// the landing page, Trackers and, for a video, its own settings), each a component of this folder that
// takes the form's methods; this file holds the form itself, its defaults and its submit.
import {
  CREATIVE_TYPES,
  type CreativeType,
  creativeSize,
  DEFAULT_CREATIVE_NAME,
  DEFAULT_CREATIVE_SIZE,
  findPlatform,
  landingPageUrl,
} from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { withUnionMessages } from '../lib/union-messages';
import { CreativeDimensions } from './creative-dimensions';
import {
  type CreativeFormInput,
  type CreativeFormOutput,
  type CreativeFormValues,
  creativeFormSchema,
  toCreativeFormValues,
  trackersToRows,
} from './creative-form-schema';
import { CreativePlatform } from './creative-platform';
import { CreativeSettingSwitches, CreativeVideoSettings } from './creative-settings';
import { CreativeTrackers } from './creative-trackers';

const typeChoices = CREATIVE_TYPES.map((type) => ({ value: type, label: type }));

export interface CreativeFormProps {
  /** The campaign the creative belongs to. */
  campaignID: string;
  /** An existing creative; trackers come in keyed by kind, as the creative stores them. */
  defaultValues?: Partial<Omit<CreativeFormValues['creative'], 'campaignID'>> &
    Pick<CreativeFormValues, 'dealID' | 'fallbackID' | 'clickMacro' | 'clickMacroEscaped'>;
  /** Called with the checked creative and the tag inputs its platform asks for. */
  onSubmit: (values: CreativeFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the creative is saved. */
  successMessage?: React.ReactNode;
  /** The save button's label: 'Save creative', or 'Save' where it saves more (its page's layout too). */
  submitLabel?: React.ReactNode;
  /** Told when the chosen type changes, before it is saved (a page hides what only a banner has). */
  onTypeChange?: (type: CreativeType) => void;
  /**
   * Told whether a field differs from what the form started with (react-hook-form's `isDirty`): a page
   * asks before a user who typed leaves it.
   */
  onDirtyChange?: (dirty: boolean) => void;
  /** More fields saved with the creative by the same button (a page's layout section), above it. */
  children?: React.ReactNode;
  className?: string;
}

/** A creative's name, type, size, platform, trackers and settings, checked with the domain's creative rules. */
export function CreativeForm({
  campaignID,
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  submitLabel = 'Save creative',
  onTypeChange,
  onDirtyChange,
  children,
  className,
}: CreativeFormProps) {
  const { trackers, size: _size, html: _html, layout: _layout, ...creativeDefaults } = defaultValues ?? {};
  const form = useForm<CreativeFormInput, unknown, CreativeFormOutput>({
    resolver: withUnionMessages(creativeFormSchema, schemaResolver(creativeFormSchema)),
    defaultValues: {
      name: DEFAULT_CREATIVE_NAME,
      type: 'Banner',
      fluid: false,
      platform: null,
      settings: [],
      dealID: '',
      fallbackID: '',
      clickMacro: '',
      clickMacroEscaped: '',
      ...creativeDefaults,
      width: Number(creativeDefaults.width ?? DEFAULT_CREATIVE_SIZE.width),
      height: Number(creativeDefaults.height ?? DEFAULT_CREATIVE_SIZE.height),
      landingUrl: landingPageUrl(trackers ?? {}) ?? '',
      trackerRows: trackersToRows(trackers),
      campaignID,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const type = watch('type');
  const onTypeChangeRef = React.useRef(onTypeChange);
  onTypeChangeRef.current = onTypeChange;
  React.useEffect(() => {
    onTypeChangeRef.current?.(type);
  }, [type]);
  const onDirtyChangeRef = React.useRef(onDirtyChange);
  onDirtyChangeRef.current = onDirtyChange;
  React.useEffect(() => {
    onDirtyChangeRef.current?.(isDirty);
  }, [isDirty]);

  return (
    <form
      aria-label="Creative"
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit(toCreativeFormValues(values, creativeSize(Number(values.width), Number(values.height)))),
      )}
      className={cn('grid gap-6', className)}
      data-slot="creative-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Creative name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <SelectField
          control={control}
          name="type"
          label="Type"
          error={errors.type?.message}
          choices={typeChoices}
        />
      </div>
      <CreativeDimensions form={form} />
      <CreativePlatform form={form} />
      <CreativeSettingSwitches form={form} />
      <Field
        label="Landing page URL"
        description={landingPageHelp(findPlatform(watch('platform')))}
        error={errors.landingUrl?.message}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          {...register('landingUrl')}
        />
      </Field>
      <CreativeTrackers form={form} />
      {type !== 'Banner' ? <CreativeVideoSettings form={form} /> : null}
      {children}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The landing page's help: through the platform's click tracker, or (a direct tag) straight there. */
function landingPageHelp(platform: ReturnType<typeof findPlatform>): string {
  const route = platform?.direct
    ? 'straight from our click redirect, with no platform in between'
    : "through the platform's click tracker";
  return `Where a click on the ad goes (${route}). Needed before the creative is published.`;
}
