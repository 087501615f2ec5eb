import { GamePage } from "~/components/game/game-page";

// the same game inside the member center: one route module's handle, styles, loader and action,
// so the two addresses can never drift apart (Remix compiles re-exported route exports like its own)
export { handle, links, loader, action } from "./game";

export default function MemberGamePage() {
  return <GamePage path="/user/gamePage" />;
}
