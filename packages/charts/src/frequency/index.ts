export { FrequencyPanel, type FrequencyPanelProps } from './frequency';
