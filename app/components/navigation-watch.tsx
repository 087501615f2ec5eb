import { BuildUpdate } from "./build-update";
import { LoadingOverlay } from "./loading-overlay";

/**
 * What only a later navigation needs: the loading overlay (shown while one is pending) and the
 * build update (a new deployment turns the next navigation into a full page load). The root loads
 * this with React.lazy as it hydrates, so its code is not part of any page's initial JS (every
 * route is on a budget, tests/bench) and is there before a member can click anything that
 * navigates. Both render nothing on a page at rest, so the server's HTML and the first screen are
 * the same without it.
 */
export default function NavigationWatch() {
  return (
    <>
      <LoadingOverlay />
      <BuildUpdate />
    </>
  );
}
