import { describe, expect, it } from 'vitest';
import { conversionSnippets } from './conversion-snippets';

describe("a conversion action's snippets", () => {
  const snippets = conversionSnippets({
    servingHost: 'https://ads.example.com/',
    actionId: 'a1b2c3',
    clickParam: 'adc_click',
    currency: 'USD',
  });

  it('the site-wide tag loads /serve/conv.js from the serving origin and names the click parameter', () => {
    expect(snippets.siteTag).toBe(
      '<script async src="https://ads.example.com/serve/conv.js" data-param="adc_click"></script>',
    );
  });

  it("the confirmation page's call queues adconsole('conversion', {action, value, currency, order})", () => {
    expect(snippets.conversionCall).toBe(
      "<script>window.adconsole=window.adconsole||function(){(adconsole.q=adconsole.q||[]).push(arguments)};adconsole('conversion',{action:'a1b2c3',value:49.99,currency:'USD',order:'ORDER-123'});</script>",
    );
  });

  it('the postback URL is /serve/conv/<action> with the click, value, currency and order', () => {
    expect(snippets.postbackUrl).toBe(
      'https://ads.example.com/serve/conv/a1b2c3?click={click_id}&value={value}&currency=USD&order={order_id}',
    );
    expect(snippets.curl).toBe(
      'curl -H "Authorization: Bearer $POSTBACK_KEY" "https://ads.example.com/serve/conv/a1b2c3?click=$CLICK_ID&value=49.99&currency=USD&order=ORDER-123"',
    );
  });

  it('a host without a scheme is served over https; a campaign parameter of its own is named', () => {
    const own = conversionSnippets({
      servingHost: 'ads.example.com',
      actionId: 'x',
      clickParam: 'clid',
      currency: 'EUR',
    });
    expect(own.siteTag).toBe(
      '<script async src="https://ads.example.com/serve/conv.js" data-param="clid"></script>',
    );
  });

  it('the example value has no decimals in a currency without a minor unit (JPY)', () => {
    const yen = conversionSnippets({
      servingHost: 'ads.example.com',
      actionId: 'x',
      clickParam: 'c',
      currency: 'JPY',
    });
    expect(yen.conversionCall).toContain("value:4999,currency:'JPY'");
    expect(yen.curl).toContain('value=4999&currency=JPY');
  });
});
