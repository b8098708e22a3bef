// The creative form's settings: the switches every creative has (EU, in-app, deal ID, fallback), and a
// video's skip offset, Ad-ID and verification vendors. All of them live in the one `settings` list of
// the creative (`{ key, value }` entries), so each control writes its own entries and leaves the others.
import {
  type CreativeSetting,
  type CreativeSettingKey,
  creativeSetting,
  type VerificationVendor,
} from '@adconsole/domain';
import { Field, Switch } from '@adconsole/ui';
import { Controller } from 'react-hook-form';
import { type VerificationVendorErrors, VerificationVendorsField } from '../verification-vendors-field';
import {
  type VideoAdSettings,
  type VideoAdSettingsErrors,
  VideoAdSettingsField,
} from '../video-ad-settings-field';
import type { CreativeFormMethods } from './creative-form-schema';

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

export const settingOn = (settings: readonly CreativeSetting[] | undefined, key: SwitchSettingKey) =>
  settings?.find((setting) => setting.key === key)?.value === true;

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

/** Settings: one switch per on/off setting. */
export function CreativeSettingSwitches({ form }: { form: CreativeFormMethods }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-semibold text-sm">Settings</legend>
      <Controller
        control={form.control}
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
  );
}

/** A video's settings: its skip offset and Ad-ID, then its verification vendors. */
export function CreativeVideoSettings({ form }: { form: CreativeFormMethods }) {
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <>
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
    </>
  );
}
