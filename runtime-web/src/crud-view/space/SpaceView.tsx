/** The `/space/list` screen: the file space in manage mode (registered as the `space/info` screen view). */
import { SpaceBrowser } from './SpaceBrowser';

export default function SpaceView() {
  return (
    <div className="crud-screen" data-entity="space/info" data-testid="crud-screen">
      <SpaceBrowser mode="manage" />
    </div>
  );
}
