import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Input, Spin, Toast } from '@douyinfe/semi-ui';
import { PasswordInput } from '../../a11y/PasswordInput';
import { loadSession } from '../../core/bootstrap';
import { useStores } from '../../core/stores/context';
import { LocaleButtons } from './LocaleButtons';
import { validateLogin } from './validate';
import type { LoginErrors } from './validate';
import './login.css';

const REMEMBERED = 'username';

/** Sign-in: username, password, image code (click to refresh); Enter in the code box submits. */
const Login = observer(function Login() {
  const { t } = useTranslation('app');
  const stores = useStores();
  const navigate = useNavigate();
  const [username, setUsername] = useState(() => localStorage.getItem(REMEMBERED) ?? '');
  const [password, setPassword] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [captcha, setCaptcha] = useState<{ id: string; src: string } | undefined>();
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const seq = useRef(0);
  // The message is looked up when needed: `t` changes with the language (and when a namespace loads late), which
  // must not fetch a new captcha and clear the code already typed.
  const tRef = useRef(t);
  tRef.current = t;

  const refreshCaptcha = useCallback(async () => {
    const mine = ++seq.current;
    setCaptchaLoading(true);
    try {
      const c = await stores.user.captcha({ width: 150, height: 45, color: '#2c3142' });
      if (mine !== seq.current) return;
      setCaptcha({ id: c.captchaId, src: c.data.startsWith('<svg') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.data)}` : c.data });
      setVerifyCode('');
    } catch (err) {
      if (mine !== seq.current) return;
      console.error('[captcha]', err);
      setCaptcha(undefined);
      Toast.error(tRef.current('core:captchaError'));
    } finally {
      if (mine === seq.current) setCaptchaLoading(false);
    }
  }, [stores]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (submitting) return;
    const found = validateLogin({ username, password, verifyCode });
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!captcha) {
      Toast.error(t('core:captchaError'));
      void refreshCaptcha();
      return;
    }
    setSubmitting(true);
    try {
      await stores.user.login({ username: username.trim(), password, captchaId: captcha.id, verifyCode: verifyCode.trim() });
      localStorage.setItem(REMEMBERED, username.trim());
      await loadSession(stores);
      navigate('/', { replace: true });
    } catch (err) {
      Toast.error(err instanceof Error ? err.message : String(err));
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const errorText = (key: keyof LoginErrors) =>
    errors[key] ? (
      <div className="login__error" role="alert" data-testid={`login-error-${key}`}>
        {t(`login.${errors[key]}`)}
      </div>
    ) : null;

  return (
    <div className="login" data-testid="login-page">
      <div className="login__locale">
        <LocaleButtons />
      </div>
      <form className="login__card" onSubmit={submit} noValidate>
        <h1 className="login__title">{stores.app.info.name}</h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>

        <label className="login__label" htmlFor="login-username">
          {t('login.username')}
        </label>
        <Input
          id="login-username"
          data-testid="login-username"
          size="large"
          value={username}
          autoComplete="username"
          placeholder={t('login.usernamePlaceholder')}
          validateStatus={errors.username ? 'error' : 'default'}
          onChange={setUsername}
        />
        {errorText('username')}

        <label className="login__label" htmlFor="login-password">
          {t('login.password')}
        </label>
        <PasswordInput
          id="login-password"
          data-testid="login-password"
          size="large"
          value={password}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          validateStatus={errors.password ? 'error' : 'default'}
          onChange={setPassword}
        />
        {errorText('password')}

        <label className="login__label" htmlFor="login-captcha">
          {t('login.captcha')}
        </label>
        <div className="login__captcha">
          <Input
            id="login-captcha"
            data-testid="login-captcha-input"
            size="large"
            value={verifyCode}
            autoComplete="off"
            maxLength={10}
            placeholder={t('login.captchaPlaceholder')}
            validateStatus={errors.verifyCode ? 'error' : 'default'}
            onChange={setVerifyCode}
            onEnterPress={() => void submit()}
          />
          <button
            type="button"
            className="login__captcha-img"
            data-testid="login-captcha-img"
            title={t('login.captchaRefresh')}
            aria-label={t('login.captchaRefresh')}
            onClick={() => void refreshCaptcha()}
          >
            {captchaLoading ? <Spin size="small" /> : captcha ? <img src={captcha.src} alt={t('login.captcha')} /> : <span>{t('login.captchaRefresh')}</span>}
          </button>
        </div>
        {errorText('verifyCode')}

        <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={submitting} data-testid="login-submit" className="login__submit">
          {t('login.submit')}
        </Button>
      </form>
    </div>
  );
});

export default Login;
