import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { hint } from './Hint.tsx';

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

/** Asks `confirm` before `run`; a failed run's error is the caller's to show (its mutation notifies). */
function Confirmed({ confirm, run, children }: { confirm: ConfirmText; run: () => unknown; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: confirm.danger ?? true }}
      onConfirm={() => {
        const result = run();
        return result instanceof Promise ? result.catch(() => undefined) : undefined;
      }}
    >
      {children}
    </Popconfirm>
  );
}

/**
 * A button showing an icon alone: its name in a tooltip and as its accessible name, so that no
 * one acts on an icon they cannot read. With `confirm`, it asks first and says what will stop.
 */
export function IconButton({ 'aria-label': label, title, confirm, onConfirm, onClick, ...props }: IconButtonProps) {
  if (confirm) {
    return (
      <Confirmed confirm={confirm} run={() => (onConfirm ? onConfirm() : onClick?.(undefined as never))}>
        <Named label={label} title={title} {...props} />
      </Confirmed>
    );
  }
  return <Named label={label} title={title} onClick={onClick} {...props} />;
}

/**
 * The icon with its name in a tooltip. Once clicked the tooltip gives way, until the pointer
 * leaves, to what the click opens (a question, a menu), whose buttons it would otherwise cover.
 * A text tooltip is the shared one (Hint.tsx: no Tooltip mounted per button, which a list's
 * rows would pay for); any other keeps a Tooltip of its own.
 */
function Named({ label, title, onClick, onMouseLeave, ...props }: Omit<ButtonProps, 'title'> & { label: string; title?: ReactNode }) {
  if (title === undefined || typeof title === 'string') return <Button aria-label={label} {...hint(title ?? label)} {...props} onClick={onClick} onMouseLeave={onMouseLeave} />;
  return <NamedByTooltip label={label} title={title} onClick={onClick} onMouseLeave={onMouseLeave} {...props} />;
}

function NamedByTooltip({ label, title, onClick, onMouseLeave, ...props }: Omit<ButtonProps, 'title'> & { label: string; title: ReactNode }) {
  const [clicked, setClicked] = useState(false);
  return (
    <Tooltip title={title} open={clicked ? false : undefined}>
      <Button
        aria-label={label}
        {...props}
        onClick={(event) => {
          setClicked(true);
          onClick?.(event);
        }}
        onMouseLeave={(event) => {
          setClicked(false);
          onMouseLeave?.(event);
        }}
      />
    </Tooltip>
  );
}

export type ConfirmButtonProps = Omit<ButtonProps, 'onClick'> & {
  confirm: ConfirmText;
  onConfirm: () => unknown;
};

/** A labelled button whose action asks first and says what it stops (archive, stop, resend ...). */
export function ConfirmButton({ confirm, onConfirm, ...props }: ConfirmButtonProps) {
  return (
    <Confirmed confirm={confirm} run={onConfirm}>
      <Button {...props} />
    </Confirmed>
  );
}
