import { useState } from 'react';
import { Button, Divider, Space } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuthProvider } from '@dp/contracts';
import { errorTitle } from '../../kit/api.ts';
import { useSession } from '../../app/session.ts';
import { startExternal, useAuthProviders } from './oidc.ts';

/**
 * "Войти через <title>" under the sign-in form, one per configured OpenID Connect provider.
 * Nothing at all when none is configured (or the list cannot be read).
 */
export function ExternalSignInButtons({ onError }: { onError: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const providers = useAuthProviders();
  const [starting, setStarting] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (list.length === 0) return null;

  const start = async (provider: AuthProvider) => {
    setStarting(provider.name);
    try {
      await startExternal(provider, 'sign_in');
    } catch (error) {
      setStarting(null);
      onError(errorTitle(error, lang));
    }
  };

  return (
    <div className="external-sign-in">
      <Divider plain>{t('external.or')}</Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {list.map((provider) => (
          <Button
            key={provider.name}
            block
            size="large"
            icon={<LoginOutlined aria-hidden />}
            loading={starting === provider.name}
            disabled={starting !== null && starting !== provider.name}
            onClick={() => void start(provider)}
          >
            {t('external.sign_in_with', { title: provider.title })}
          </Button>
        ))}
      </Space>
    </div>
  );
}
