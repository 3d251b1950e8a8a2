import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { redirectResource } from './redirect.resource.ts';
import { seoConfigResource } from './seo-config.resource.ts';
import { seoConstantResource } from './seo-constant.resource.ts';

export * from './redirect.resource.ts';
export * from './seo-config.resource.ts';
export * from './seo-constant.resource.ts';
export * from './redirect-import.ts';

/** seo: a site's redirects (with their import), SEO settings and SEO constants. */
export const seoContract = defineService({
  name: 'seo',
  permissions: {
    codes: [
      'seo_configs.patch',
      // Codes the spec leaves unnamed for redirects, SEO settings and constants.
      'seo_configs.get_list', 'redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete',
      'seo_constants.get_list', 'seo_constants.create', 'seo_constants.patch', 'seo_constants.delete',
    ],
    entities: {
      seo_configs: text('SEO-настройки', 'SEO settings'),
      redirects: text('Редиректы', 'Redirects'),
      seo_constants: text('SEO-константы', 'SEO constants'),
    },
  },
  resources: [redirectResource, seoConfigResource, seoConstantResource],
  screens: [
    screen('redirects', '/seo/sites/{siteId}/redirects', 'site', 'seo', 70, ['redirects.get_list']),
    screen('seo_config', '/seo/sites/{siteId}/seo_config', 'site', 'seo', 80, ['seo_configs.get_list', 'seo_configs.patch']),
    screen('seo_constants', '/seo/sites/{siteId}/constants', 'site', 'seo', 85, ['seo_constants.get_list']),
  ],
  routes: [
    // Import of redirects from a CSV or XLSX file, a preview first, then the apply.
    api('POST', '/api/v1/sites/{siteId}/import_redirects/preview', ['redirects.create']),
    api('POST', '/api/v1/sites/{siteId}/import_redirects', ['redirects.create']),
  ],
});
