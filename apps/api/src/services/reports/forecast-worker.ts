// The worker thread that computes inventory forecasts (docs/reports.md, "The inventory forecast") off
// the API's event loop: a forecast over a large history is tens to hundreds of milliseconds of CPU,
// which the main thread must not spend. Its own thread (not the report files' one), so a forecast never
// waits behind a ten-year pivot, and it loads the domain alone. Beside report-worker.ts, as the
// bundled server ships both beside main.js (dist/forecast-worker.js).
import { parentPort } from 'node:worker_threads';
import { forecastInventory } from '@adconsole/domain';
import type { ForecastWorkRequest } from './build-input';

parentPort?.on('message', (request: ForecastWorkRequest) => {
  try {
    parentPort?.postMessage({ id: request.id, forecast: forecastInventory(request.forecast) });
  } catch (error) {
    parentPort?.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
