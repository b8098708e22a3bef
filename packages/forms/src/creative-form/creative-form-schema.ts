// The creative form's schema: the domain's creative body with trackers edited as rows, plus the tag inputs
// a platform asks for. Every field rule and message comes from the domain; only the shape is the form's.
import {
  type CreativeBody,
  type CreativeSetting,
  creativeBodySchema,
  findPlatform,
  MESSAGES,
  missingClickMacroMessage,
  missingEscapedClickMacroMessage,
  TRACKER_KINDS,
  type Trackers,
  trackerSchema,
  userClickMacroNeeded,
  withLandingPage,
} from '@adconsole/domain';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod/mini';

const trackerRowSchema = z.extend(trackerSchema, { kind: z.enum(TRACKER_KINDS) });
export type TrackerRow = z.infer<typeof trackerRowSchema>;

const settingValue = (settings: readonly CreativeSetting[] | undefined, key: CreativeSetting['key']) =>
  settings?.find((setting) => setting.key === key)?.value === true;

/** 'Landing page URL': the creative's click redirect, kept apart from its other trackers. */
const LANDING_URL_MESSAGE = 'The landing page URL must be an http(s) URL';
const landingUrlSchema = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: LANDING_URL_MESSAGE }).check(z.maxLength(2048, LANDING_URL_MESSAGE)),
]);

export const creativeFormSchema = z
  .extend(z.omit(creativeBodySchema, { trackers: true, size: true, html: true, layout: true }), {
    landingUrl: landingUrlSchema,
    trackerRows: z.array(trackerRowSchema).check(z.maxLength(50)),
    dealID: z.optional(z.string().check(z.maxLength(200))),
    fallbackID: z.optional(z.string().check(z.maxLength(200))),
    clickMacro: z.optional(z.string().check(z.maxLength(500))),
    clickMacroEscaped: z.optional(z.string().check(z.maxLength(500))),
  })
  // The same conditions under which the domain's tag builder refuses to build a tag, checked here so the
  // trafficker fixes them while the creative is open rather than when the tag is requested.
  .check(
    z.superRefine((form, ctx) => {
      const platform = findPlatform(form.platform);
      if (!platform) return;
      const needed = userClickMacroNeeded(platform, form.type);
      if (needed === 'clickMacro' && !form.clickMacro?.trim()) {
        ctx.addIssue({
          code: 'custom',
          message: missingClickMacroMessage(platform.name),
          path: ['clickMacro'],
        });
      }
      if (needed === 'clickMacroEscaped' && !form.clickMacroEscaped?.trim()) {
        ctx.addIssue({
          code: 'custom',
          message: missingEscapedClickMacroMessage(platform.name),
          path: ['clickMacroEscaped'],
        });
      }
      if (!platform.dealAttributes) return;
      if (settingValue(form.settings, 'dealIDRequired') && !form.dealID?.trim()) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.tagDealIdMissing, path: ['dealID'] });
      }
      if (settingValue(form.settings, 'fallbackCreative') && !form.fallbackID?.trim()) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.tagFallbackIdMissing, path: ['fallbackID'] });
      }
    }),
  );

export type CreativeFormInput = z.input<typeof creativeFormSchema>;
export type CreativeFormOutput = z.output<typeof creativeFormSchema>;

/** What the form hands back: the creative body to save, and the tag inputs its platform asks for. */
export interface CreativeFormValues {
  creative: CreativeBody;
  dealID?: string;
  fallbackID?: string;
  clickMacro?: string;
  clickMacroEscaped?: string;
}

/** The tracker rows of a creative: every tracker but the landing page, which has its own field. */
export function trackersToRows(trackers: Trackers | undefined): TrackerRow[] {
  const others = withLandingPage(trackers ?? {}, null);
  return TRACKER_KINDS.flatMap((kind) => (others[kind] ?? []).map((tracker) => ({ kind, ...tracker })));
}

function rowsToTrackers(rows: readonly TrackerRow[]): Trackers {
  const trackers: Trackers = {};
  for (const { kind, type, url } of rows) {
    const list = trackers[kind] ?? [];
    list.push({ type, url });
    trackers[kind] = list;
  }
  return trackers;
}

export function toCreativeFormValues(form: CreativeFormOutput, size: string): CreativeFormValues {
  const { trackerRows, landingUrl, dealID, fallbackID, clickMacro, clickMacroEscaped, ...creative } = form;
  const platform = findPlatform(form.platform);
  const values: CreativeFormValues = {
    creative: { ...creative, size, trackers: withLandingPage(rowsToTrackers(trackerRows), landingUrl) },
  };
  // Only the inputs the platform asks for travel; stale ones from another platform are dropped.
  if (platform?.dealAttributes && settingValue(form.settings, 'dealIDRequired'))
    values.dealID = dealID?.trim();
  if (platform?.dealAttributes && settingValue(form.settings, 'fallbackCreative')) {
    values.fallbackID = fallbackID?.trim();
  }
  if (platform && !platform.clickMacro) {
    values.clickMacro = clickMacro?.trim();
    values.clickMacroEscaped = clickMacroEscaped?.trim();
  }
  return values;
}

/** The form's methods (`useForm`'s answer), handed to each of its sections. */
export type CreativeFormMethods = UseFormReturn<CreativeFormInput, unknown, CreativeFormOutput>;
