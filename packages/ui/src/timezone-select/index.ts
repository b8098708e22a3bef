export { type Timezone, TimezoneSelect, type TimezoneSelectProps } from './timezone-select';
