export {
  BreakdownTable,
  type BreakdownTableProps,
  type BreakdownTableRow,
  breakdownTableRows,
} from './breakdown-table';
