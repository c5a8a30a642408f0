import { CrudScreen } from '../../crud-view/CrudScreen';
import { DevicePanel } from './DevicePanel';
import { ENTITY } from './lockScreens';
import './lock.css';

/** `modules/lock/views/device/index.vue`: the device-lock controller (a bespoke view the spec names). */
export default function DeviceLock() {
  return (
    <div className="lock-view" data-testid="view-device-lock">
      <CrudScreen prefix={`/admin/${ENTITY}`} />
      <DevicePanel />
    </div>
  );
}
