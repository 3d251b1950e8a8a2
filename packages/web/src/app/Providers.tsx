import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import enUS from 'antd/locale/en_US';
import { I18nextProvider } from 'react-i18next';
import i18n from './i18n.ts';
import { cspConfig } from './csp.ts';
import { bindNotifications, NOTICE_DURATION } from './notify.ts';
import { queryClient as defaultQueryClient } from './queryClient.ts';
import { useSession } from './session.ts';

function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    bindNotifications(notification);
    return () => bindNotifications(null);
  }, [notification]);
  return null;
}

/** A user whose system asks for reduced motion gets none: antd's transitions are switched off. */
const prefersReducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const appTheme = {
  algorithm: theme.defaultAlgorithm,
  token: {
    motion: !prefersReducedMotion,
    colorPrimary: '#1f5eff',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: 56, siderBg: '#ffffff', bodyBg: '#f5f6f8' },
  },
};

/** QueryClient, i18n, antd ConfigProvider (ru_RU / en_US) and the App context for notices. */
export function Providers({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { lang } = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={lang === 'en' ? enUS : ruRU} theme={appTheme} csp={cspConfig}>
          {/* Notices open below the top bar (56 px), never over the client switch, language and profile menu. */}
          <AntApp notification={{ duration: NOTICE_DURATION, placement: 'topRight', top: 68 }}>
            <NotificationBridge />
            {children}
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
