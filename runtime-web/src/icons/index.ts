export { Icon, type IconProps } from './Icon';
export { IconPicker, type IconPickerProps } from './IconPicker';
export { ICONS, ICON_NAMES, resolveIconName, type IconName } from './registry';
export { filterIcons } from './search';
