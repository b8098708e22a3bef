// When an impression is viewable (MRC Viewable Ad Impression Measurement Guidelines, display): 50 % of
// the ad's pixels in view for one continuous second; a large ad (242,500 pixels or more, such as the
// 970×250 billboard or the 300×1050 portrait) needs 30 % of its pixels. In-Banner Video is a display
// impression here (its video reports its own quartiles).

/** Continuous time in view that makes the impression viewable, in ms. */
export const VIEWABLE_MS = 1000;
/** The MRC's large-ad threshold: 970×250 and up. */
export const LARGE_AD_PIXELS = 242_500;

/** The share of the ad's pixels that must be in view, for an ad of this declared size. */
export const viewableRatio = (width: number, height: number): number =>
  width * height >= LARGE_AD_PIXELS ? 0.3 : 0.5;
