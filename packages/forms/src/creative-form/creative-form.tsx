import {
  CREATIVE_TYPES,
  type CreativeSetting,
  type CreativeSettingKey,
  type CreativeType,
  creativeSetting,
  creativeSize,
  DEFAULT_CREATIVE_NAME,
  DEFAULT_CREATIVE_SIZE,
  findPlatform,
  landingPageUrl,
  type PlatformId,
  platforms,
  TRACKER_KINDS,
  TRACKER_TYPES,
  type TrackerKind,
  type TrackerType,
  type VerificationVendor,
} from '@adconsole/domain';
import { Button, type Choice, ChoiceSelect, cn, Field, Input, Switch } from '@adconsole/ui';
import * as React from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { withUnionMessages } from '../lib/union-messages';
import { type VerificationVendorErrors, VerificationVendorsField } from '../verification-vendors-field';
import {
  type VideoAdSettings,
  type VideoAdSettingsErrors,
  VideoAdSettingsField,
} from '../video-ad-settings-field';
import {
  type CreativeFormInput,
  type CreativeFormOutput,
  type CreativeFormValues,
  creativeFormSchema,
  toCreativeFormValues,
  trackersToRows,
} from './creative-form-schema';

/** The IAB sizes a trafficker picks from most; anything else is a custom width and height. */
export const IAB_SIZES = [
  { width: 300, height: 250, name: 'Medium Rectangle' },
  { width: 728, height: 90, name: 'Leaderboard' },
  { width: 160, height: 600, name: 'Wide Skyscraper' },
  { width: 300, height: 600, name: 'Half Page' },
  { width: 320, height: 50, name: 'Mobile Leaderboard' },
  { width: 320, height: 100, name: 'Large Mobile Banner' },
  { width: 336, height: 280, name: 'Large Rectangle' },
  { width: 970, height: 250, name: 'Billboard' },
  { width: 970, height: 90, name: 'Large Leaderboard' },
  { width: 468, height: 60, name: 'Banner' },
  { width: 320, height: 480, name: 'Mobile Interstitial' },
] as const;

const CUSTOM_SIZE = 'custom';
const sizeChoices: readonly Choice<string>[] = [
  ...IAB_SIZES.map((size) => ({
    value: creativeSize(size.width, size.height),
    label: `${size.width} × ${size.height} (${size.name})`,
  })),
  { value: CUSTOM_SIZE, label: 'Custom size' },
];
const isIabSize = (width: number, height: number) =>
  IAB_SIZES.some((size) => size.width === width && size.height === height);

const typeChoices = CREATIVE_TYPES.map((type) => ({ value: type, label: type }));

const NO_PLATFORM = 'none';
const platformChoices: readonly Choice<PlatformId | typeof NO_PLATFORM>[] = [
  { value: NO_PLATFORM, label: 'No platform yet' },
  ...platforms.map((platform) => ({ value: platform.id, label: platform.name })),
];

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

type SwitchSettingKey = Exclude<
  CreativeSettingKey,
  'layoutOptions' | 'verificationVendors' | 'skipOffset' | 'universalAdId'
>;
const settingSwitches: readonly { key: SwitchSettingKey; label: string; description: string }[] = [
  { key: 'euCreative', label: 'EU creative', description: 'Served in the EU: consent macros are passed on.' },
  {
    key: 'inAppSupport',
    label: 'In-app support',
    description: 'Runs inside mobile apps as well as browsers.',
  },
  { key: 'dealIDRequired', label: 'Deal ID required', description: 'The tag carries a deal ID.' },
  { key: 'fallbackCreative', label: 'Fallback creative', description: 'The tag names a fallback creative.' },
];

function withSetting(settings: CreativeSetting[], key: SwitchSettingKey, value: boolean): CreativeSetting[] {
  const others = settings.filter((setting) => setting.key !== key);
  return [...others, { key, value }];
}
/** The settings with this list of verification vendors (the setting left out when the list is empty). */
function withVerificationVendors(
  settings: CreativeSetting[],
  vendors: VerificationVendor[],
): CreativeSetting[] {
  const others = settings.filter((setting) => setting.key !== 'verificationVendors');
  return vendors.length === 0 ? others : [...others, { key: 'verificationVendors', value: vendors }];
}

/** The settings with this skip offset and Ad-ID (each setting left out when not given). */
function withVideoAdSettings(settings: CreativeSetting[], video: VideoAdSettings): CreativeSetting[] {
  const others = settings.filter(
    (setting) => setting.key !== 'skipOffset' && setting.key !== 'universalAdId',
  );
  return [
    ...others,
    ...(video.skipOffset === undefined ? [] : [{ key: 'skipOffset' as const, value: video.skipOffset }]),
    ...(video.universalAdId === undefined
      ? []
      : [{ key: 'universalAdId' as const, value: video.universalAdId }]),
  ];
}

/** The skip offset's and Ad-ID's messages, read from the form's errors of those settings. */
function videoAdErrors(settings: readonly CreativeSetting[], errors: unknown): VideoAdSettingsErrors {
  type ValueErrors = {
    value?: { message?: string; registry?: { message?: string }; value?: { message?: string } };
  };
  const of = (key: CreativeSettingKey) =>
    (errors as Record<number, ValueErrors> | undefined)?.[
      settings.findIndex((setting) => setting.key === key)
    ]?.value;
  const adId = of('universalAdId');
  return {
    skipOffset: of('skipOffset')?.message,
    registry: adId?.registry?.message,
    value: adId?.value?.message,
  };
}

/** Each vendor row's messages, read from the form's errors of the verificationVendors setting. */
function verificationErrors(
  settings: readonly CreativeSetting[],
  errors: unknown,
): VerificationVendorErrors[] {
  const index = settings.findIndex((setting) => setting.key === 'verificationVendors');
  const rows = (errors as Record<number, { value?: Record<number, Record<string, { message?: string }>> }>)?.[
    index
  ]?.value;
  if (!rows) return [];
  return Object.entries(rows).reduce<VerificationVendorErrors[]>((list, [row, fields]) => {
    list[Number(row)] = Object.fromEntries(
      Object.entries(fields ?? {}).map(([name, error]) => [name, error?.message]),
    ) as VerificationVendorErrors;
    return list;
  }, []);
}

const settingOn = (settings: readonly CreativeSetting[] | undefined, key: SwitchSettingKey) =>
  settings?.find((setting) => setting.key === key)?.value === true;

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
  children,
  className,
}: CreativeFormProps) {
  const { trackers, size: _size, html: _html, layout: _layout, ...creativeDefaults } = defaultValues ?? {};
  const initialWidth = Number(creativeDefaults.width ?? DEFAULT_CREATIVE_SIZE.width);
  const initialHeight = Number(creativeDefaults.height ?? DEFAULT_CREATIVE_SIZE.height);
  const [customSize, setCustomSize] = React.useState(!isIabSize(initialWidth, initialHeight));
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CreativeFormInput, unknown, CreativeFormOutput>({
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
      width: initialWidth,
      height: initialHeight,
      landingUrl: landingPageUrl(trackers ?? {}) ?? '',
      trackerRows: trackersToRows(trackers),
      campaignID,
    },
  });
  const trackerRows = useFieldArray({ control, name: 'trackerRows' });
  const platform = findPlatform(watch('platform'));
  const settings = watch('settings');
  const type = watch('type');
  const isVideo = type !== 'Banner';
  const onTypeChangeRef = React.useRef(onTypeChange);
  onTypeChangeRef.current = onTypeChange;
  React.useEffect(() => {
    onTypeChangeRef.current?.(type);
  }, [type]);
  const width = Number(watch('width'));
  const height = Number(watch('height'));
  const sizeValue = customSize || !isIabSize(width, height) ? CUSTOM_SIZE : creativeSize(width, height);

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
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Field label="Type" error={errors.type?.message}>
              {(controlProps) => (
                <ChoiceSelect
                  {...controlProps}
                  choices={typeChoices}
                  value={field.value}
                  onValueChange={field.onChange}
                />
              )}
            </Field>
          )}
        />
      </div>

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold text-sm">Dimensions</legend>
        <Field label="Size">
          {(controlProps) => (
            <ChoiceSelect
              {...controlProps}
              choices={sizeChoices}
              value={sizeValue}
              onValueChange={(value) => {
                const size = IAB_SIZES.find((iab) => creativeSize(iab.width, iab.height) === value);
                setCustomSize(size === undefined);
                if (size) {
                  setValue('width', size.width);
                  setValue('height', size.height);
                }
              }}
            />
          )}
        </Field>
        {sizeValue === CUSTOM_SIZE ? (
          <div className="grid grid-cols-2 gap-4">
            <Field label="Width (px)" error={errors.width?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                {...register('width', { valueAsNumber: true })}
              />
            </Field>
            <Field label="Height (px)" error={errors.height?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                {...register('height', { valueAsNumber: true })}
              />
            </Field>
          </div>
        ) : null}
        <Controller
          control={control}
          name="fluid"
          render={({ field }) => (
            <Field
              label="Fluid"
              orientation="horizontal"
              description="Stretches to fill the slot it is placed in."
            >
              {(controlProps) => (
                <Switch
                  {...controlProps}
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            </Field>
          )}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold text-sm">Platform</legend>
        <Controller
          control={control}
          name="platform"
          render={({ field }) => (
            <Field label="Traffic platform" error={errors.platform?.message}>
              {(controlProps) => (
                <ChoiceSelect
                  {...controlProps}
                  choices={platformChoices}
                  value={field.value ?? NO_PLATFORM}
                  onValueChange={(value) => field.onChange(value === NO_PLATFORM ? null : value)}
                />
              )}
            </Field>
          )}
        />
        {platform && !platform.clickMacro ? (
          <>
            <Field
              label="Click macro"
              description={`${platform.name} publishes no default click macro: enter the one it expands to its click URL. Banners use it.`}
              error={errors.clickMacro?.message}
            >
              <Input autoComplete="off" {...register('clickMacro')} />
            </Field>
            <Field
              label="Escaped click macro"
              description="The variant it expands URL-encoded. VAST and VPAID tags use it: they carry the click URL inside their query."
              error={errors.clickMacroEscaped?.message}
            >
              <Input autoComplete="off" {...register('clickMacroEscaped')} />
            </Field>
          </>
        ) : null}
        {platform?.dealAttributes && settingOn(settings, 'dealIDRequired') ? (
          <Field label="Deal ID" error={errors.dealID?.message}>
            <Input autoComplete="off" {...register('dealID')} />
          </Field>
        ) : null}
        {platform?.dealAttributes && settingOn(settings, 'fallbackCreative') ? (
          <Field label="Fallback creative ID" error={errors.fallbackID?.message}>
            <Input autoComplete="off" {...register('fallbackID')} />
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-sm">Settings</legend>
        <Controller
          control={control}
          name="settings"
          render={({ field }) => (
            <div className="grid gap-3 sm:grid-cols-2">
              {settingSwitches.map((setting) => (
                <Field
                  key={setting.key}
                  label={setting.label}
                  description={setting.description}
                  orientation="horizontal"
                >
                  <Switch
                    checked={settingOn(field.value, setting.key)}
                    onCheckedChange={(checked) =>
                      field.onChange(withSetting(field.value ?? [], setting.key, checked))
                    }
                  />
                </Field>
              ))}
            </div>
          )}
        />
      </fieldset>

      <Field
        label="Landing page URL"
        description="Where a click on the ad goes (through the platform's click tracker). Needed before the creative is published."
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

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-sm">Trackers</legend>
        {trackerRows.fields.length === 0 ? (
          <p className="text-muted-foreground text-sm">No third-party trackers.</p>
        ) : null}
        {trackerRows.fields.map((row, index) => {
          const number = index + 1;
          const rowErrors = errors.trackerRows?.[index];
          return (
            <div
              key={row.id}
              className="grid items-start gap-2 sm:grid-cols-[10rem_7rem_1fr_auto]"
              data-slot="tracker-row"
            >
              <Controller
                control={control}
                name={`trackerRows.${index}.kind`}
                render={({ field }) => (
                  <Field label={`Tracker ${number} event`}>
                    {(controlProps) => (
                      <ChoiceSelect
                        {...controlProps}
                        choices={trackerKindChoices}
                        value={field.value}
                        onValueChange={field.onChange}
                      />
                    )}
                  </Field>
                )}
              />
              <Controller
                control={control}
                name={`trackerRows.${index}.type`}
                render={({ field }) => (
                  <Field label={`Tracker ${number} type`}>
                    {(controlProps) => (
                      <ChoiceSelect
                        {...controlProps}
                        choices={trackerTypeChoices}
                        value={field.value}
                        onValueChange={field.onChange}
                      />
                    )}
                  </Field>
                )}
              />
              <Field label={`Tracker ${number} URL`} error={rowErrors?.url?.message}>
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

      {isVideo ? (
        <Controller
          control={control}
          name="settings"
          render={({ field }) => (
            <VideoAdSettingsField
              value={{
                skipOffset: creativeSetting({ settings: field.value ?? [] }, 'skipOffset'),
                universalAdId: creativeSetting({ settings: field.value ?? [] }, 'universalAdId'),
              }}
              onChange={(video) => field.onChange(withVideoAdSettings(field.value ?? [], video))}
              errors={videoAdErrors(field.value ?? [], errors.settings)}
            />
          )}
        />
      ) : null}

      {isVideo ? (
        <Controller
          control={control}
          name="settings"
          render={({ field }) => (
            <VerificationVendorsField
              value={creativeSetting({ settings: field.value ?? [] }, 'verificationVendors') ?? []}
              onChange={(vendors) => field.onChange(withVerificationVendors(field.value ?? [], vendors))}
              errors={verificationErrors(field.value ?? [], errors.settings)}
            />
          )}
        />
      ) : null}

      {children}

      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
