/**
 * A password input whose show/hide button is named in the UI language: Semi's `mode="password"` names it
 * "Show password" / "Hidden password" in English whatever the locale (semi-ui input/index.js), so the
 * console draws its own toggle at this boundary instead.
 */
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Input } from '@douyinfe/semi-ui';
import { IconEyeClosedSolid, IconEyeOpened } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import './locales';
import './password.css';

type Props = Omit<ComponentProps<typeof Input>, 'mode' | 'type' | 'suffix'>;

export function PasswordInput(props: Props) {
  const { t } = useTranslation('a11y');
  const [shown, setShown] = useState(false);
  const toggle = props.disabled ? undefined : (
    <button type="button" className="sa-password-toggle" aria-label={t(shown ? 'hidePassword' : 'showPassword')} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
      {shown ? <IconEyeOpened aria-hidden /> : <IconEyeClosedSolid aria-hidden />}
    </button>
  );
  return <Input {...props} type={shown ? 'text' : 'password'} suffix={toggle} />;
}
