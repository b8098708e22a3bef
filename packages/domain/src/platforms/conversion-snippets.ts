// The copy-paste snippets of a conversion action (docs/conversions.md, "Conversion actions and
// snippets"): the two ways a conversion reaches the server. (a) On the advertiser's site, a site-wide tag
// (the serving origin's /serve/conv.js, told the campaign's click parameter by `data-param`) keeps the
// click id of the landing URL in first-party storage, and the confirmation page's call
// `adconsole('conversion', {action, value, currency, order})` sends it (queued in `adconsole.q` until the
// tag has loaded). (b) From the advertiser's server, a postback to /serve/conv/<action> with the click id
// the shop or CRM kept from the landing URL. The console shows them; the serving side reads them.
import { currencyDigits } from '../campaigns/pricing';
import { servingOrigin } from './tags';

/** The site-wide tag's script on the serving origin. */
export const CONVERSION_TAG_SCRIPT_PATH = '/serve/conv.js';
/** The postback of one action on the serving origin: GET or POST, the values in the query. */
export const conversionPostbackPath = (actionId: string): string =>
  `/serve/conv/${encodeURIComponent(actionId)}`;

export interface ConversionSnippetInput {
  /** AD_SERVING_URL, from the server's public config ('ads.example.com' or an origin). */
  servingHost: string;
  actionId: string;
  /** The campaign's click parameter (adc_click unless it names another). */
  clickParam: string;
  /** The action's currency (ISO 4217). */
  currency: string;
}

export interface ConversionSnippets {
  /** On every page of the site: keeps the click id of the landing URL. */
  siteTag: string;
  /** On the confirmation page, after the site tag: sends the conversion with its value and order. */
  conversionCall: string;
  /** For a shop's or CRM's server: the placeholders in braces are the server's to fill in. */
  postbackUrl: string;
  /**
   * The postback tried by hand, with a click id from a landing URL in $CLICK_ID and the action's postback
   * key in $POSTBACK_KEY (sent as `Authorization: Bearer`: a signed postback).
   */
  curl: string;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A single-quoted JavaScript string that cannot end its script element. */
const jsString = (value: string) =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/</g, '\\x3c').replace(/>/g, '\\x3e')}'`;

/** An example amount in the currency: 49.99, or 4999 where the currency has no minor unit (JPY). */
export const exampleConversionValue = (currency: string): string =>
  currencyDigits(currency) === 0 ? '4999' : '49.99';

/** The action's snippets, on the serving origin. */
export function conversionSnippets(input: ConversionSnippetInput): ConversionSnippets {
  const origin = servingOrigin(input.servingHost);
  const value = exampleConversionValue(input.currency);
  const currency = encodeURIComponent(input.currency);
  const postback = `${origin}${conversionPostbackPath(input.actionId)}`;
  return {
    siteTag: `<script async src="${attribute(`${origin}${CONVERSION_TAG_SCRIPT_PATH}`)}" data-param="${attribute(input.clickParam)}"></script>`,
    conversionCall: `<script>window.adconsole=window.adconsole||function(){(adconsole.q=adconsole.q||[]).push(arguments)};adconsole('conversion',{action:${jsString(input.actionId)},value:${value},currency:${jsString(input.currency)},order:'ORDER-123'});</script>`,
    postbackUrl: `${postback}?click={click_id}&value={value}&currency=${currency}&order={order_id}`,
    curl: `curl -H "Authorization: Bearer $POSTBACK_KEY" "${postback}?click=$CLICK_ID&value=${value}&currency=${currency}&order=ORDER-123"`,
  };
}
