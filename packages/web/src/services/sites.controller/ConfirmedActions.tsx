import type { ReactNode } from 'react';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../kit/IconButton.tsx';

export interface ConfirmedAction {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  confirmTitle: string;
  confirmText: string;
  run(): Promise<unknown>;
}

/**
 * A row's actions, each asked to be confirmed first: the main one as a button, the others in a
 * menu, so that the column stays narrow enough for the table to show its data.
 */
export function ConfirmedActions({ actions, primary, label }: { actions: ConfirmedAction[]; primary?: string; label: string }) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const main = actions.find((action) => action.key === primary);
  const rest = actions.filter((action) => action !== main);
  if (!actions.length) return null;
  const confirm = (action: ConfirmedAction) =>
    modal.confirm({
      title: action.confirmTitle,
      content: <div className="confirm-text">{action.confirmText}</div>,
      okText: action.label,
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: action.danger },
      onOk: () => action.run(),
    });
  return (
    <Space size={4} className="task-actions">
      {main && (
        <Popconfirm
          title={main.confirmTitle}
          description={<div className="confirm-text">{main.confirmText}</div>}
          okText={main.label}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: main.danger }}
          onConfirm={() => main.run()}
        >
          <Button size="small" type={main.danger ? 'default' : 'primary'} danger={main.danger} icon={main.icon}>
            {main.label}
          </Button>
        </Popconfirm>
      )}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((action) => ({ key: action.key, label: action.label, icon: action.icon, danger: action.danger })),
            onClick: ({ key }) => confirm(rest.find((action) => action.key === key)!),
          }}
        >
          <IconButton size="small" icon={<MoreOutlined aria-hidden />} aria-label={`${t('actions.more')}: ${label}`} />
        </Dropdown>
      )}
    </Space>
  );
}
