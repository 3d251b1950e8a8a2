import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useDocumentTitle } from './useDocumentTitle.ts';


/** The header of every screen: title (also the tab's title), optional subtitle, actions on the right. */
export function PageHeader({ title, subtitle, extra, documentTitle }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode; documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <div className="page-header">
      <div className="page-header__text">
        <Typography.Title level={3} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Text type="secondary" className="page-header__subtitle">
            {subtitle}
          </Typography.Text>
        )}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
