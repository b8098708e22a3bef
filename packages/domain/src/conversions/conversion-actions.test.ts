import { describe, expect, it } from 'vitest';
import { conversionActionCurrency, rateCurrencyProblem } from './conversion-actions';

describe("a campaign's conversion actions share one currency, the booked rate's when it has one", () => {
  it('defaults to the rate currency, else the other actions currency, else USD', () => {
    expect(conversionActionCurrency({ rateCurrency: 'EUR', otherCurrencies: [] })).toEqual({
      currency: 'EUR',
    });
    expect(conversionActionCurrency({ rateCurrency: null, otherCurrencies: ['GBP'] })).toEqual({
      currency: 'GBP',
    });
    expect(conversionActionCurrency({ otherCurrencies: [] })).toEqual({ currency: 'USD' });
  });

  it('takes the currency asked for when it fits', () => {
    expect(conversionActionCurrency({ otherCurrencies: [] }, 'JPY')).toEqual({ currency: 'JPY' });
    expect(conversionActionCurrency({ rateCurrency: 'EUR', otherCurrencies: ['EUR'] }, 'EUR')).toEqual({
      currency: 'EUR',
    });
  });

  it("refuses another currency than the booked rate's, saying which one fits", () => {
    expect(conversionActionCurrency({ rateCurrency: 'EUR', otherCurrencies: [] }, 'USD')).toEqual({
      problem:
        "This campaign's rate is booked in EUR: its conversion actions count value in EUR too (not USD), so ROAS compares like with like.",
    });
  });

  it("refuses another currency than the campaign's other actions' when it has no rate", () => {
    expect(conversionActionCurrency({ otherCurrencies: ['GBP', 'GBP'] }, 'USD')).toEqual({
      problem:
        "This campaign's conversion actions count value in GBP: every action of a campaign uses one currency (not USD).",
    });
  });

  it("a rate may be booked only in the actions' currency; no actions or no rate, any", () => {
    expect(rateCurrencyProblem([], 'EUR')).toBeUndefined();
    expect(rateCurrencyProblem(['EUR'], 'EUR')).toBeUndefined();
    expect(rateCurrencyProblem(['EUR'], null)).toBeUndefined();
    expect(rateCurrencyProblem(['USD', 'USD'], 'EUR')).toBe(
      "This campaign's conversion actions count value in USD: book the rate in USD too (not EUR), so ROAS compares like with like.",
    );
  });
});
