export { InvalidTrafficTable, type InvalidTrafficTableProps } from './invalid-traffic';
