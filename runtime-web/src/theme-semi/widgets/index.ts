/**
 * The widgets of the Semi theme by name, one component per file: the names `x-screen.form[].component` may use
 * (listed in crud/names.json) and the rjsf built-in names the theme overrides. Heavy parts (the rich-text editor,
 * the icon picker, the file space, the division list) load on first use inside their widgets.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ByTypeWidget } from './ByTypeWidget';
import { CheckTreeWidget } from './CheckTree';
import { CronWidget } from './CronWidget';
import { DateWidget } from './DateWidget';
import { DecimalWidget } from './DecimalWidget';
import { FileListWidget } from './FileListWidget';
import { FileWidget } from './FileWidget';
import { IconWidget } from './IconWidget';
import { JsonWidget } from './JsonWidget';
import { NumberWidget } from './NumberWidget';
import { PasswordWidget } from './PasswordWidget';
import { RadioWidget } from './RadioWidget';
import { RefsWidget } from './RefsWidget';
import { RefWidget } from './RefWidget';
import { RegionWidget } from './RegionWidget';
import { RichTextWidget } from './RichTextWidget';
import { SelectWidget } from './SelectWidget';
import { SwitchWidget } from './SwitchWidget';
import { TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';
import { UploadWidget } from './UploadWidget';

export const widgets: Readonly<Record<string, ComponentType<WidgetProps>>> = {
  text: TextWidget,
  TextWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  number: NumberWidget,
  integer: NumberWidget,
  decimal: DecimalWidget,
  select: SelectWidget,
  SelectWidget,
  radio: RadioWidget,
  switch: SwitchWidget,
  CheckboxWidget: SwitchWidget,
  date: DateWidget,
  datetime: DateWidget,
  json: JsonWidget,
  image: UploadWidget,
  images: UploadWidget,
  file: FileWidget,
  ref: RefWidget,
  'tree-select': RefWidget,
  refs: RefsWidget,
  'check-tree': CheckTreeWidget,
  region: RegionWidget,
  icon: IconWidget,
  cron: CronWidget,
  richtext: RichTextWidget,
  files: FileListWidget,
  'by-type': ByTypeWidget,
};
