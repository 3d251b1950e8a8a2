import { useState } from 'react';
import { Button, Divider, Space } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuthProvider } from '@dp/contracts';
import { errorTitle } from '../../kit/api.ts';
import { useSession } from '../../app/session.ts';
import { startExternal } from './oidc.ts';

/**
 * "Войти через <title>" under the sign-in form, one per configured OpenID Connect provider. Its
 * own chunk, loaded by the sign-in page only when a provider is configured (docs/performance.md).
 */
export function ExternalSignInButtons({ list, onError }: { list: AuthProvider[]; onError: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const [starting, setStarting] = useState<string | null>(null);

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
