import type { ReactNode } from 'react';
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';

/**
 * A status panel as antd's Result draws 'warning' and 'error': an icon, a title, a hint and the
 * ways out. Not Result itself where the app's first chunk needs one (the route error, the
 * registry that did not load): Result carries its 403, 404 and 500 illustrations, which would then
 * come with every page, the sign-in page included (docs/performance.md). Pages use Result. Plain
 * headings, not Typography, for the same reason (app.css draws them as Typography does).
 */
export function StatusPanel({ status, title, subTitle, extra }: { status: 'warning' | 'error'; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div className="status-panel">
      <Icon className="status-panel__icon" style={{ color: status === 'error' ? token.colorError : token.colorWarning }} />
      <h3 className="status-panel__title">{title}</h3>
      {subTitle && <div className="status-panel__subtitle text-secondary">{subTitle}</div>}
      {extra && <div className="status-panel__extra">{extra}</div>}
    </div>
  );
}
