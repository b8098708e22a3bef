// Answer schemas of the calls that answer something other than an entity. The server checks and
// serializes its answers with these and the client parses them with the same ones.
import { z } from 'zod';
import { assetSchema } from '../entities/asset';
import { loginResponseSchema } from '../entities/user';
import { DEFAULT_TCF_VENDOR_ID } from '../platforms/platforms';

/** GET /config: the product settings the console needs before its first screen. */
export const publicConfigSchema = z.object({
  /** The company domain sign-up is limited to. */
  companyDomain: z.string(),
  companyName: z.string(),
  /** The origin ad tags load from (AD_SERVING_URL). */
  adServingUrl: z.string(),
  /** The TCF vendor id tags put in `${GDPR_CONSENT_<id>}` and `${GPP_STRING_<id>}` (TCF_VENDOR_ID). */
  tcfVendorID: z.number().int().positive().default(DEFAULT_TCF_VENDOR_ID),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
/**
 * The id of the JSON data block (`<script type="application/json">`) in which the server inlines the
 * public config into the console's page, so the first paint does not wait for GET /config.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'adconsole-config';

/** POST /login: the user, the session expiry and the address the server saw. */
export const sessionAnswerSchema = loginResponseSchema;
/** GET /me: the same, read leniently (docs/product.md §7 promises only "data with expiry, location"). */
export { meResponseSchema } from '../entities/user';
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** A call that answers a sentence for the person (forgotPassword, changePassword). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** POST /signup. */
export const signUpAnswerSchema = z.object({
  user: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  /** docs/product.md §7 promises only `user`; this server also says what happens next. */
  message: z.string().optional(),
  /** True when the account is ready (an invitation), false when the e-mail must be verified first. */
  verified: z.boolean().optional(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** POST /verify. */
export const verifyAnswerSchema = z.object({ email: z.string(), message: z.string() });

/** `pagination` beside `data` in the campaign lists. */
export const paginationSchema = z.object({
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  pages: z.number().int().positive(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** POST /v1/users/invite. */
export const inviteAnswerSchema = z.object({ invited: z.array(z.string()) });
/** DELETE /v1/users/invite. */
export const revokeInviteAnswerSchema = z.object({ revoked: z.number().int().nonnegative() });

/** `deleted` beside `data` in the asset upload answer: the assets the upload replaced. */
export const deletedAssetsSchema = z.array(assetSchema);

/** POST /v1/events/import. */
export const eventsImportAnswerSchema = z.object({ imported: z.number().int().nonnegative() });
