import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';

/** Notices stay 12 s (spec 000 §9). */
export const NOTICE_DURATION = 12;

/** Notices open below the top bar (56 px), never over the client switch, language and profile menu. */
export const NOTICE_CONFIG = { duration: NOTICE_DURATION, placement: 'topRight', top: 68 } as const;

type Show = (target: NotificationInstance) => void;

let instance: NotificationInstance | null = null;
/** Notices asked for before NoticeHost was there: shown as soon as it is. */
const waiting: Show[] = [];
let onWanted: (() => void) | null = null;

/** NoticeHost hands its context-aware instance here. */
export function bindNotifications(next: NotificationInstance | null): void {
  instance = next;
  if (next) for (const show of waiting.splice(0)) show(next);
}

/** Providers is told when a notice waits for NoticeHost, so that it renders (and loads) it. */
export function whenNoticeWanted(callback: (() => void) | null): void {
  onWanted = callback;
  if (callback && waiting.length > 0) callback();
}

function show(type: 'success' | 'error' | 'warning' | 'info', title: ReactNode, description?: ReactNode, key?: string) {
  const open: Show = (target) => target[type]({ title, description, duration: NOTICE_DURATION, key, role: type === 'error' ? 'alert' : 'status' });
  if (instance) return open(instance);
  waiting.push(open);
  onWanted?.();
}

export const notify = {
  success: (title: ReactNode, description?: ReactNode, key?: string) => show('success', title, description, key),
  error: (title: ReactNode, description?: ReactNode, key?: string) => show('error', title, description, key),
  warning: (title: ReactNode, description?: ReactNode, key?: string) => show('warning', title, description, key),
  info: (title: ReactNode, description?: ReactNode, key?: string) => show('info', title, description, key),
};
