import type { ReactNode } from 'react';
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme, Typography } from 'antd';

/**
 * A status panel as antd's Result draws 'warning' and 'error': an icon, a title, a hint and the
 * ways out. Not Result itself where the app's first chunk needs one (the route error, the
 * registry that did not load): Result carries its 403, 404 and 500 illustrations, which would then
 * come with every page, the sign-in page included (docs/performance.md). Pages use Result.
 */
export function StatusPanel({ status, title, subTitle, extra }: { status: 'warning' | 'error'; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div className="status-panel">
      <Icon className="status-panel__icon" style={{ color: status === 'error' ? token.colorError : token.colorWarning }} />
      <Typography.Title level={3} className="status-panel__title">
        {title}
      </Typography.Title>
      {subTitle && <Typography.Paragraph type="secondary">{subTitle}</Typography.Paragraph>}
      {extra && <div className="status-panel__extra">{extra}</div>}
    </div>
  );
}
