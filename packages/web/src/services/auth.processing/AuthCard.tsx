import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitch } from '../../app/LocaleSwitch.tsx';
import { Logo } from '../../kit/Logo.tsx';
import { useDocumentTitle } from '../../kit/useDocumentTitle.ts';

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
        {/*
          A plain panel, not antd's Card (Card brings Tabs, Menu and Dropdown), and plain headings,
          not Typography (its copy, edit and ellipsis parts bring Tooltip and TextArea): they would
          all come with the sign-in page (docs/performance.md). app.css draws them as Typography does.
        */}
        <section className="auth-card">
          <h4 className="auth-card__title">{title}</h4>
          {subtitle && <div className="auth-card__subtitle">{subtitle}</div>}
          {children}
        </section>
        <div className="auth-page__footer">
          {footer ?? <span className="text-secondary">{t('footer')}</span>}
          <LocaleSwitch />
        </div>
      </main>
      {after}
    </div>
  );
}
