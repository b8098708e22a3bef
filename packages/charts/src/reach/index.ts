export { ReachCurve, type ReachCurveProps } from './reach-curve';
