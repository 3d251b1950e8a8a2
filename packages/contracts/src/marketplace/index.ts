import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { moduleResource, SPEC_MODULES } from './module.resource.ts';

export * from './module.resource.ts';

/** marketplace: the site modules, installed, suspended and resumed per site. */
export const marketplaceContract = defineService({
  name: 'marketplace',
  permissions: {
    // modules.install (unnamed by the spec) installs and uninstalls modules on reachable sites.
    codes: ['modules.view', 'modules.patch', 'modules.install'],
    entities: { modules: text('Модули', 'Modules') },
    special: {
      'modules.install': special(
        text('Модули: установка на сайты', 'Modules: install on sites'),
        text('Устанавливать и удалять модули на доступных сайтах', 'Install and uninstall modules on reachable sites'),
      ),
    },
  },
  resources: [moduleResource],
  screens: [
    screen('site_marketplace', '/marketplace/marketplace/{siteId}', 'site', 'marketplace', 90, ['modules.view']),
    screen('marketplace_settings', '/marketplace/settings', 'settings', 'platform', 90, ['modules.patch']),
    screen('module_edit', '/marketplace/settings/module_edit/{moduleCode}', null, 'platform', 91, ['modules.patch']),
  ],
  routes: [
    // A site's modules (install and uninstall for dealers holding modules.install,
    // suspend, resume and mass changes for staff), and the installed codes the shell reads for
    // any site the caller reaches (menu, guard, paused-module notice).
    api('GET', '/api/v1/sites/{siteId}/modules', ['modules.view']),
    api('GET', '/api/v1/sites/{siteId}/installed_modules'),
    api('POST', '/api/v1/sites/{siteId}/modules/{code}/install', ['modules.install', 'modules.patch']),
    api('POST', '/api/v1/sites/{siteId}/modules/{code}/uninstall', ['modules.install', 'modules.patch']),
    api('POST', '/api/v1/sites/{siteId}/modules/{code}/suspend', ['modules.patch']),
    api('POST', '/api/v1/sites/{siteId}/modules/{code}/resume', ['modules.patch']),
    api('POST', '/api/v1/modules/mass_install', ['modules.patch']),
    api('POST', '/api/v1/modules/mass_uninstall', ['modules.patch']),
  ],
  // The names and descriptions of the spec's modules.
  seeded: Object.values(SPEC_MODULES).flatMap((module) => [text(module.ru[0], module.en[0]), text(module.ru[1], module.en[1])]),
});
