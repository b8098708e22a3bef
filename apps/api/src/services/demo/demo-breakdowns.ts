// Where the demo's traffic comes from (docs/reports.md, "Breakdowns"): about 30 sites (two apps among
// them), every device type, the usual operating systems and browsers of each, and 20 countries, with
// the differences an advertiser expects to see: desktop clicks more than mobile, a connected TV hardly
// at all; video plays more on TVs. Each 15-minute row of the demo goes to one draw of these, so 90
// days spread over all of them in their proportions.
import type { EventDimensions } from '@adconsole/domain';

type Weighted<T> = readonly (readonly [T, number])[];

const SITES: Weighted<string> = [
  ['dailynews.example', 14],
  ['trailrunner.example', 11],
  ['outdoorgear.example', 9],
  ['weatherwatch.example', 8],
  ['sportsdesk.example', 7],
  ['mountainmag.example', 6],
  ['recipes.example', 5],
  ['citytimes.example', 5],
  ['travelnotes.example', 4],
  ['campingforum.example', 4],
  ['bikeworld.example', 3],
  ['fitlife.example', 3],
  ['parkguide.example', 3],
  ['alpineclub.example', 2],
  ['photohub.example', 2],
  ['localradio.example', 2],
  ['hikingmaps.example', 2],
  ['gearreview.example', 2],
  ['familytrips.example', 2],
  ['skireport.example', 1.5],
  ['kayak.example', 1.5],
  ['wildlife.example', 1.2],
  ['runnersblog.example', 1.2],
  ['climbing.example', 1],
  ['techdaily.example', 1],
  ['marketwatch.example', 1],
  ['app:com.example.trailmaps', 3],
  ['app:com.example.weather', 2],
  ['app:1234567890', 1],
  ['', 2],
];

interface Device {
  device: string;
  /** Click-through and video-start rates beside the creative's own. */
  ctr: number;
  videoStart: number;
  systems: Weighted<readonly [os: string, browser: string]>;
}

const DEVICES: Weighted<Device> = [
  [
    {
      device: 'desktop',
      ctr: 1.3,
      videoStart: 1,
      systems: [
        [['Windows 10', 'Chrome 126'], 40],
        [['Windows 10', 'Edge 126'], 14],
        [['Windows 10', 'Firefox 127'], 6],
        [['Mac OS 10', 'Safari 17'], 18],
        [['Mac OS 10', 'Chrome 126'], 12],
        [['Linux', 'Firefox 127'], 3],
        [['Chromium OS 14541', 'Chrome 125'], 2],
      ],
    },
    38,
  ],
  [
    {
      device: 'mobile',
      ctr: 0.8,
      videoStart: 0.9,
      systems: [
        [['iOS 17', 'Mobile Safari 17'], 40],
        [['Android 14', 'Chrome 126'], 32],
        [['Android 13', 'Samsung Browser 25'], 10],
        [['iOS 16', 'Mobile Safari 16'], 8],
        [['Android 12', 'Chrome 125'], 6],
      ],
    },
    46,
  ],
  [
    {
      device: 'tablet',
      ctr: 1,
      videoStart: 1.1,
      systems: [
        [['iOS 16', 'Mobile Safari 16'], 60],
        [['Android 13', 'Chrome 125'], 40],
      ],
    },
    9,
  ],
  [
    {
      device: 'ctv',
      ctr: 0.15,
      videoStart: 1.6,
      systems: [
        [['Tizen 6', 'Samsung Browser 4'], 45],
        [['webOS', 'Chrome 79'], 35],
        [['Android 11', 'Chrome 120'], 20],
      ],
    },
    5,
  ],
  [{ device: 'other', ctr: 0.6, videoStart: 0.8, systems: [[['', ''], 1]] }, 1.5],
  [{ device: '', ctr: 1, videoStart: 1, systems: [[['', ''], 1]] }, 0.5],
];

const COUNTRIES: Weighted<string> = [
  ['US', 28],
  ['GB', 9],
  ['DE', 8],
  ['FR', 6],
  ['CA', 5],
  ['IN', 5],
  ['AU', 4],
  ['JP', 4],
  ['BR', 4],
  ['ES', 3],
  ['IT', 3],
  ['NL', 3],
  ['MX', 3],
  ['SE', 2],
  ['PL', 2],
  ['KR', 2],
  ['ZA', 2],
  ['IE', 2],
  ['NZ', 1],
  ['NP', 1],
  ['', 3],
];

function pick<T>(random: () => number, items: Weighted<T>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** One 15-minute row's origin: its breakdown values and how its device changes the click and start rates. */
export interface DemoSegment {
  dims: EventDimensions;
  ctr: number;
  videoStart: number;
}

/** A draw of where a row of demo traffic comes from (its own generator: the demo's other draws do not move). */
export function demoSegment(random: () => number): DemoSegment {
  const device = pick(random, DEVICES);
  const [os, browser] = pick(random, device.systems);
  return {
    dims: { site: pick(random, SITES), device: device.device, os, browser, country: pick(random, COUNTRIES) },
    ctr: device.ctr,
    videoStart: device.videoStart,
  };
}
