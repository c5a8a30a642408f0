import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@douyinfe/semi-ui';
import { useStores } from '../../core/stores/context';
import type { ErrorCode } from '../../router/types';
import { LocaleButtons } from '../login/LocaleButtons';
import './error.css';

/** /401 /403 /404 /500 /502 (docs/reference/product-spec.md §8 texts); never tracked as tabs. */
const ErrorPage = observer(function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation('app');
  const { user } = useStores();
  const navigate = useNavigate();
  return (
    <div className="error-page" data-testid={`error-page-${code}`}>
      <div className="error-page__locale">
        <LocaleButtons />
      </div>
      <div className="error-page__code">{code}</div>
      <p className="error-page__text">{t(`error.${code}`)}</p>
      <div className="error-page__actions">
        {user.isLoggedIn ? (
          <>
            <Button theme="solid" type="primary" data-testid="error-back-home" onClick={() => navigate('/')}>
              {t('error.backHome')}
            </Button>
            <Button data-testid="error-relogin" onClick={() => void user.logout()}>
              {t('error.relogin')}
            </Button>
          </>
        ) : (
          <Button theme="solid" type="primary" data-testid="error-back-login" onClick={() => navigate('/login')}>
            {t('error.backLogin')}
          </Button>
        )}
      </div>
    </div>
  );
});

export default ErrorPage;
