import { useEffect } from 'react';
import { notification } from 'antd';
import { bindNotifications, NOTICE_CONFIG } from './notify.ts';

/**
 * antd's notices inside Providers' ConfigProvider (theme, locale, CSP nonce), handed to notify.ts.
 * Its own chunk, loaded when someone is signed in or a notice is asked for: the sign-in page does
 * not load antd's notifications otherwise (docs/performance.md).
 */
export default function NoticeHost() {
  const [notices, holder] = notification.useNotification(NOTICE_CONFIG);
  useEffect(() => {
    bindNotifications(notices);
    return () => bindNotifications(null);
  }, [notices]);
  return holder;
}
