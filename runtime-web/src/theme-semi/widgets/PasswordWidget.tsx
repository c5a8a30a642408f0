import type { WidgetProps } from '@rjsf/utils';
import { PasswordInput } from '../../a11y/PasswordInput';
import { common, usePlaceholder } from './common';

export function PasswordWidget(p: WidgetProps) {
  const placeholder = usePlaceholder(p);
  return <PasswordInput {...common(p)} autoComplete="new-password" value={(p.value as string | undefined) ?? ''} placeholder={placeholder} onChange={(v) => p.onChange(v === '' ? undefined : v)} />;
}
