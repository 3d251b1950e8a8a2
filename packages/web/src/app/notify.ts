import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';

/** Notices stay 12 s (spec 000 §9). */
export const NOTICE_DURATION = 12;

let instance: NotificationInstance | null = null;

/** The App component hands its context-aware instance here (see Providers). */
export function bindNotifications(next: NotificationInstance | null): void {
  instance = next;
}

function show(type: 'success' | 'error' | 'warning' | 'info', title: ReactNode, description?: ReactNode, key?: string) {
  const target = instance ?? notification;
  target[type]({ title, description, duration: NOTICE_DURATION, key, role: type === 'error' ? 'alert' : 'status' });
}

export const notify = {
  success: (title: ReactNode, description?: ReactNode, key?: string) => show('success', title, description, key),
  error: (title: ReactNode, description?: ReactNode, key?: string) => show('error', title, description, key),
  warning: (title: ReactNode, description?: ReactNode, key?: string) => show('warning', title, description, key),
  info: (title: ReactNode, description?: ReactNode, key?: string) => show('info', title, description, key),
};
