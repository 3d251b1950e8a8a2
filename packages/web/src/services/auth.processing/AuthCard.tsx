import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleSwitch } from '../../app/LocaleSwitch.tsx';
import { Logo } from '../../kit/Logo.tsx';
import { useDocumentTitle } from '../../kit/PageHeader.tsx';

/** The narrow centred area that anyone not signed in sees (spec 000 §2 Layout). */
export function AuthCard({
  title,
  subtitle,
  children,
  wide = false,
  footer,
  after,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Room for a grid of choices (the client choice). */
  wide?: boolean;
  /** Replaces the copyright on the left of the footer. */
  footer?: ReactNode;
  /** Rendered after the page (overlays such as a loader). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <div className="auth-page">
      <main className={wide ? 'auth-page__inner auth-page__inner--wide' : 'auth-page__inner'}>
        <div className="auth-page__brand">
          <Logo size="large" />
        </div>
        {/* A plain panel, not antd's Card: Card brings Tabs, Menu and Dropdown to the sign-in page (docs/performance.md). */}
        <section className="auth-card">
          <Typography.Title level={4} className="auth-card__title">
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" className="auth-card__subtitle">
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </section>
        <div className="auth-page__footer">
          {footer ?? <Typography.Text type="secondary">{t('footer')}</Typography.Text>}
          <LocaleSwitch />
        </div>
      </main>
      {after}
    </div>
  );
}
