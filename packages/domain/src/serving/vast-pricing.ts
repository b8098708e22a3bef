// VAST's <Pricing> of a campaign's booked rate (docs/serving.md, "Pricing"): VAST 4.2 knows the models
// CPM, CPC, CPE and CPV and a decimal price in an ISO 4217 currency. A CPCV (per completed view) is
// written as CPV, VAST's per-view model, the nearest it has; the price has the currency's own decimals.
import { type CampaignRate, currencyDigits, type RateModel } from '../campaigns/pricing';

export const VAST_PRICING_MODELS = ['CPM', 'CPC', 'CPE', 'CPV'] as const;
export type VastPricingModel = (typeof VAST_PRICING_MODELS)[number];

/** The VAST pricing model of each rate model. */
export const VAST_PRICING_MODEL: Record<RateModel, VastPricingModel> = {
  CPM: 'CPM',
  CPC: 'CPC',
  CPCV: 'CPV',
};

/** What <Pricing model currency>price</Pricing> says of a rate: '2.50' USD CPM. */
export function vastPricing(rate: CampaignRate): {
  model: VastPricingModel;
  currency: string;
  price: string;
} {
  return {
    model: VAST_PRICING_MODEL[rate.model],
    currency: rate.currency,
    price: rate.amount.toFixed(currencyDigits(rate.currency)),
  };
}
