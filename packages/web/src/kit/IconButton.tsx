import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a confirmed action asks: the question and what will stop or change once it is done. */
export interface ConfirmText {
  title: ReactNode;
  description?: ReactNode;
  /** The confirming button's text ("Archive", "Delete" ...). */
  okText: string;
  /** Whether the action removes or stops something (a red confirming button); true by default. */
  danger?: boolean;
}

export type IconButtonProps = Omit<ButtonProps, 'title'> & {
  /** The button's name: its tooltip and its accessible name. */
  'aria-label': string;
  /** A tooltip other than the name (the name stays the accessible one). */
  title?: ReactNode;
  /** Asks first; the action (onClick or onConfirm) runs once the user agrees. */
  confirm?: ConfirmText;
  onConfirm?: () => unknown;
};

/**
 * A button showing an icon alone: its name in a tooltip and as its accessible name, so that no
 * one acts on an icon they cannot read. With `confirm`, it asks first and says what will stop.
 */
export function IconButton({ 'aria-label': label, title, confirm, onConfirm, onClick, ...props }: IconButtonProps) {
  const { t } = useTranslation('common');
  if (confirm) {
    return (
      <Popconfirm
        title={confirm.title}
        description={confirm.description}
        okText={confirm.okText}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: confirm.danger ?? true }}
        onConfirm={() => {
          const result = onConfirm ? onConfirm() : onClick?.(undefined as never);
          return result instanceof Promise ? result.catch(() => undefined) : undefined;
        }}
      >
        <Tooltip title={title ?? label}>
          <Button aria-label={label} {...props} />
        </Tooltip>
      </Popconfirm>
    );
  }
  return (
    <Tooltip title={title ?? label}>
      <Button aria-label={label} onClick={onClick} {...props} />
    </Tooltip>
  );
}

export type ConfirmButtonProps = Omit<ButtonProps, 'onClick'> & {
  confirm: ConfirmText;
  onConfirm: () => unknown;
};

/** A labelled button whose action asks first and says what it stops (archive, stop, resend ...). */
export function ConfirmButton({ confirm, onConfirm, ...props }: ConfirmButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: confirm.danger ?? true }}
      onConfirm={() => {
        const result = onConfirm();
        return result instanceof Promise ? result.catch(() => undefined) : undefined;
      }}
    >
      <Button {...props} />
    </Popconfirm>
  );
}
