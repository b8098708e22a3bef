export {
  CreativeBreakdown,
  type CreativeBreakdownProps,
  type CreativeShare,
  creativeShares,
} from './creative-breakdown';
