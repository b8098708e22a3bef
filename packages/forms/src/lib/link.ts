// A form's links (forgot password, sign up) render through ui's `RenderLink`, so the console passes
// its router's link; without one they are ui's plain `renderAnchor`.

export const linkClassName =
  'font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:underline outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';
