export { NotServedPanel, type NotServedPanelProps } from './not-served';
