// The console's routes for the account pages: they hand the page to the account pages' frame
// (frames.tsx), which draws them without React Router.
import * as React from 'react';

const Handover = React.createContext<() => void>(() => undefined);

/** Provides what the account pages' routes call: the frame's handover. */
export const AccountPageHandover = Handover.Provider;

/** The route element of /signin, /signup, /forgotpassword and /ping in the console's router. */
export function ToAccountPages() {
  const handOver = React.useContext(Handover);
  React.useLayoutEffect(() => handOver(), [handOver]);
  return null;
}
