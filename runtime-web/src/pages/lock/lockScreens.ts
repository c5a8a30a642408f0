import { Toast } from "@douyinfe/semi-ui";
import type { ActionHandler, ScreenModule } from "../../crud-view/registry";
import { t } from "../../core/i18n";
import { commandLabel, toggleLoss } from "./commands";
import type { Device } from "./commands";
import { devicePanel } from "./panelStore";

export const ENTITY = "lock/deviceLockController";

/*
 * The device list is the generic screen of the entity (its spec filters, add/edit/delete, history); the
 * controller's own behaviour plugs into its row actions by name, for this entity only. Loss mode switches
 * right from the row (with confirmation); every other command opens the device panel and asks there.
 */
const actions: Record<string, ActionHandler> = {
  [`${ENTITY}:loss`]: {
    async run({ store, row }): Promise<false> {
      if (!row) return false;
      const on = await toggleLoss(
        (body) => store.provider.action("loss", body),
        row as Device,
      ).catch((err: unknown) => {
        Toast.error(
          t("lock:failed", {
            command: commandLabel("loss"),
            message: err instanceof Error ? err.message : String(err),
          }),
        );
        return null;
      });
      if (on === undefined || on === null) return false;
      Toast.success(
        t("lock:done", {
          command: `${t("lock:lossMode")} ${on ? t("lock:on") : t("lock:off")}`,
        }),
      );
      await store.refresh();
      if (devicePanel.deviceId === Number(row.id))
        devicePanel.open(Number(row.id));
      return false;
    },
  },
};
for (const command of [
  "clearPassword",
  "getWallpaper",
  "wallpaper",
  "limitApp",
  "rotateSecret",
]) {
  actions[`${ENTITY}:${command}`] = {
    run({ store, row }) {
      if (row)
        devicePanel.open(
          Number(row.id),
          command === "limitApp" ? undefined : command,
          store,
        );
      return false;
    },
  };
}

/** The device-lock controller's row actions, listed in the screens manifest (crud-view/modules/index.ts). */
export const lockScreens: ScreenModule = { actions };
