export { Calendar, type CalendarProps } from './calendar';
