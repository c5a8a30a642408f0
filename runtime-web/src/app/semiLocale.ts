import semiEn from '@douyinfe/semi-ui/lib/es/locale/source/en_US';
import semiZhCn from '@douyinfe/semi-ui/lib/es/locale/source/zh_CN';
import semiZhTw from '@douyinfe/semi-ui/lib/es/locale/source/zh_TW';
import { currentLocale } from '../core/i18n';
import type { Locale } from '../core/i18n';

const SEMI = { 'zh-cn': semiZhCn, 'zh-tw': semiZhTw, en: semiEn } as const;

/** Semi Design's own strings for its `LocaleProvider` (pagination, date pickers, modals…); view layer, not the headless core. */
export function semiLocale(l: Locale = currentLocale()): (typeof SEMI)[Locale] {
  return SEMI[l];
}
