import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { target } from '../kit/module-targets.ts';
import { centralProxyActionResource, emailActionResource, proxyActionResource, smtpSettingsResource } from './sender.resource.ts';

export * from './sender.resource.ts';

/** sender: e-mail templates, proxy actions and SMTP settings; it runs the requests' actions (mails, webhooks). */
export const senderContract = defineService({
  name: 'sender',
  module: 'requests',
  permissions: {
    codes: [
      // E-mail templates and proxy actions (the spec's read codes), SMTP settings.
      ...entityCodes(['email_actions', 'proxy_actions'], CRUD_ACTIONS),
      'smtp_settings.get_list', 'smtp_settings.patch',
      // The platform's central proxy actions, written by provider staff only (read with proxy_actions.get_list).
      'central_proxy_actions.create', 'central_proxy_actions.patch', 'central_proxy_actions.delete',
    ],
    entities: {
      email_actions: text('Шаблоны писем', 'E-mail templates'),
      proxy_actions: text('Прокси-действия', 'Proxy actions'),
      smtp_settings: text('Настройки SMTP', 'SMTP settings'),
      central_proxy_actions: text('Общие прокси-действия', 'Central proxy actions'),
    },
  },
  resources: [emailActionResource, proxyActionResource, smtpSettingsResource, centralProxyActionResource],
  screens: [
    // The platform's central proxy actions beside the offensive words (staff write, site editors read).
    screen('sender_central_proxy_actions', '/sender/central_proxy_actions', 'dictionaries', 'requests', 91, ['proxy_actions.get_list']),
    // E-mail templates, proxy actions, SMTP settings (module requests).
    screen('sender_email_actions', '/sender/email_actions/{siteId}', 'site', 'sender', 140, ['email_actions.get_list'], { module: 'requests' }),
    screen('sender_proxy_actions', '/sender/proxy_actions/{siteId}', 'site', 'sender', 141, ['proxy_actions.get_list'], { module: 'requests' }),
    screen('sender_smtp_settings', '/sender/smtp_settings/{siteId}', 'site', 'sender', 142, ['smtp_settings.get_list'], { module: 'requests' }),
  ],
  routes: [
    // A template's preview on a sample request, a test mail through a site's SMTP settings.
    api('POST', '/api/v1/email_actions/preview', ['email_actions.get_list'], false, { targets: [target.siteBody('/data/site_id')] }),
    api('POST', '/api/v1/smtp_settings/{id}/test', ['smtp_settings.patch'], false, onRecord('sender/smtp_settings')),
  ],
});
