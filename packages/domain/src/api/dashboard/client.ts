// The dashboard's call: all of the signed-in user's campaigns over a range, summed on the server.

import type { Dashboard } from '../../reports/dashboard';
import type { ReportingDates } from '../../reports/reporting-dates';
import { defaultTimezone, type Timezone } from '../../timezones/timezones';
import type { Http } from '../http';
import { send } from '../send';
import { dashboardContract } from './contract';
import { dashboardQueryOf } from './requests';

export function dashboardCalls(http: Http) {
  return {
    /** GET /v1/dashboard: all of the signed-in user's campaigns over a range, summed on the server. */
    async getDashboard(request: {
      dates: ReportingDates;
      timezone?: Timezone | undefined;
      signal?: AbortSignal | undefined;
    }): Promise<Dashboard> {
      const timezone = request.timezone ?? defaultTimezone;
      return send(http, dashboardContract.dashboard, dashboardQueryOf(request.dates, timezone), {
        signal: request.signal,
        cancelIsTimeout: true,
      });
    },
  };
}
