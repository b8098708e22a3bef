// The console's public settings (GET /api/config, and inlined into the served index.html).
import type { PublicConfig } from '@adconsole/domain';
import type { Config } from '../../config';

export const publicConfigOf = (config: Config): PublicConfig => ({
  companyDomain: config.companyEmailRule,
  companyName: 'Adconsole',
  adServingUrl: config.adServingUrl,
  tcfVendorID: config.tcfVendorID,
});
