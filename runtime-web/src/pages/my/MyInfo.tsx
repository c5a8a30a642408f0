import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Card, Input, Toast } from '@douyinfe/semi-ui';
import { PasswordInput } from '../../a11y/PasswordInput';
import { useStores } from '../../core/stores/context';
import type { TokenPair } from '../../core/request';
import { checkAvatar, uploadKey } from '../../extensions/upload/check';
import { validateProfile } from './validate';
import type { ProfileErrors } from './validate';
import './my.css';

/** `/my/info`: nickname, avatar (an image under 100k) and password change with the original password. */
const MyInfo = observer(function MyInfo() {
  const { t } = useTranslation('app');
  const { user, request } = useStores();
  const info = user.info;
  const [nickName, setNickName] = useState(info?.nickName ?? '');
  const [headImg, setHeadImg] = useState(info?.headImg ?? '');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const pickAvatar = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkAvatar(file);
    if (problem) {
      Toast.error(t(problem.key, problem.params));
      return;
    }
    const form = new FormData();
    form.append('key', uploadKey(file.name));
    form.append('file', file);
    setUploading(true);
    try {
      const url = await request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
      setHeadImg(Array.isArray(url) ? (url[0] ?? '') : url);
    } catch (err) {
      Toast.error(t('upload.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setUploading(false);
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile({ nickName, oldPassword, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const changed = await request<TokenPair | undefined>({
        url: '/admin/base/comm/personUpdate',
        method: 'POST',
        data: { nickName: nickName.trim(), headImg: headImg || null, ...(password ? { password, oldPassword } : {}) },
      });
      // A password change ends every other session and hands this one a fresh token pair.
      if (changed && typeof changed === 'object' && 'token' in changed) user.setTokens(changed);
      await user.loadPerson();
      setOldPassword('');
      setPassword('');
      Toast.success(t('my.saved'));
    } catch (err) {
      Toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const err = (key: keyof ProfileErrors) =>
    errors[key] ? (
      <div className="my-info__error" role="alert" data-testid={`my-error-${key}`}>
        {t(`my.${errors[key]}`)}
      </div>
    ) : null;

  return (
    <Card title={t('my.title')} className="my-info" data-testid="view-my-info">
      <form onSubmit={save} noValidate className="my-info__form">
        <div className="my-info__row">
          <span className="my-info__label">{t('my.avatar')}</span>
          <div className="my-info__avatar">
            <Avatar size="large" src={headImg || undefined} alt={t('my.avatar')}>
              {(nickName || info?.username || '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Button loading={uploading} onClick={() => fileInput.current?.click()} data-testid="my-avatar-upload">
              {t('my.avatarUpload')}
            </Button>
            <input ref={fileInput} type="file" accept="image/*" hidden onChange={(e) => void pickAvatar(e)} data-testid="my-avatar-file" />
            <span className="my-info__hint">{t('my.avatarHint')}</span>
          </div>
        </div>
        <div className="my-info__row">
          <span className="my-info__label">{t('my.username')}</span>
          <Input value={info?.username ?? ''} disabled />
        </div>
        <div className="my-info__row">
          <label className="my-info__label" htmlFor="my-nickname">
            {t('my.nickName')}
          </label>
          <div>
            <Input id="my-nickname" data-testid="my-nickname" value={nickName} maxLength={255} placeholder={t('my.nickNamePlaceholder')} onChange={setNickName} validateStatus={errors.nickName ? 'error' : 'default'} />
            {err('nickName')}
          </div>
        </div>
        <h4 className="my-info__section">{t('my.changePassword')}</h4>
        <p className="my-info__hint">{t('my.passwordHint')}</p>
        <div className="my-info__row">
          <label className="my-info__label" htmlFor="my-old-password">
            {t('my.oldPassword')}
          </label>
          <div>
            <PasswordInput id="my-old-password" data-testid="my-old-password" autoComplete="current-password" value={oldPassword} onChange={setOldPassword} validateStatus={errors.oldPassword ? 'error' : 'default'} />
            {err('oldPassword')}
          </div>
        </div>
        <div className="my-info__row">
          <label className="my-info__label" htmlFor="my-new-password">
            {t('my.newPassword')}
          </label>
          <div>
            <PasswordInput id="my-new-password" data-testid="my-new-password" autoComplete="new-password" value={password} onChange={setPassword} validateStatus={errors.password ? 'error' : 'default'} />
            {err('password')}
          </div>
        </div>
        <div className="my-info__row">
          <span className="my-info__label" />
          <Button htmlType="submit" theme="solid" type="primary" loading={saving} data-testid="my-save">
            {t('my.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
});

export default MyInfo;
