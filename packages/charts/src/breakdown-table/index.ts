export {
  type BreakdownColumn,
  BreakdownTable,
  type BreakdownTableProps,
  type BreakdownTableRow,
  breakdownTableRows,
} from './breakdown-table';
