/**
 * The charts' widths in the server's drawing (docs/console.md, "Charts without a window"): the width of a
 * chart's card inside on a 390 px phone, and in a 1440 px window, measured in the console's own drawing
 * (29 Nov 2026). On a share page the card stands beside the reporting menu; on a signed-in report beside
 * the side menu too. The stylesheet fits either drawing to the card it is in, and a card much narrower
 * or wider starts the console, whose charts measure their card.
 */
export const STATIC_CHART_WIDTH = {
  share: { phone: 318, wide: 1046 },
  signedIn: { phone: 318, wide: 830 },
  /** A campaign page's goal card, beside the side menu only. */
  campaignGoal: { phone: 316, wide: 1126 },
  /** The dashboard's Trend card, beside the side menu only. */
  dashboardTrend: { phone: 316, wide: 1126 },
} as const;
