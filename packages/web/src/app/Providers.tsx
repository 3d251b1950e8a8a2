import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import ruRU from 'antd/es/locale/ru_RU';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider } from 'react-i18next';
import i18n from './i18n.ts';
import { cspConfig } from './csp.ts';
import { whenNoticeWanted } from './notify.ts';
import { appTheme } from './theme.ts';
import { HintHost } from '../kit/Hint.tsx';
import { queryClient as defaultQueryClient } from './queryClient.ts';
import { useSession } from './session.ts';
import { EllipsisOutlined } from '@ant-design/icons';

const NoticeHost = lazy(() => import('./NoticeHost.tsx'));

/**
 * What antd's App gave every page, without App itself (it brings Modal and message: the shell has
 * it, AppShell.tsx): the notices of notify.ts (NoticeHost: there once someone is signed in or a
 * notice is asked for), the one tooltip of the lists' buttons and cut texts (kit/Hint.tsx), and the
 * base text style of App's root.
 */
function AppBase({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  // Once there, it stays: a notice shown as the session ends (expired) outlives the sign-out.
  const [hosted, setHosted] = useState(signedIn);
  if (signedIn && !hosted) setHosted(true);
  useEffect(() => {
    whenNoticeWanted(() => setHosted(true));
    return () => whenNoticeWanted(null);
  }, []);
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {hosted && (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      )}
      <HintHost />
      {children}
    </div>
  );
}

/** QueryClient, i18n, antd ConfigProvider (ru_RU / en_US), notices and the base text style. */
export function Providers({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { lang, user } = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* The tabs' overflow button is named by its icon, in the reader's language. */}
        <ConfigProvider locale={lang === 'en' ? enUS : ruRU} theme={appTheme} csp={cspConfig} tabs={{ moreIcon: <EllipsisOutlined aria-label={i18n.t('common:actions.more', { lng: lang })} /> }}>
          <AppBase signedIn={!!user}>{children}</AppBase>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
