export { DateRangePicker, type DateRangePickerProps } from './date-range-picker';
export {
  type DateRange,
  type DateRangePreset,
  type DateRangePresetId,
  dateRangePresets,
  type ExtraDateRangePreset,
  matchPreset,
} from './presets';
