import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { PUBLISHING_NOTE, workflowApiRoutes } from '../kit/workflow.ts';
import { siteResource } from './site.resource.ts';
import { siteGroupResource } from './site-group.resource.ts';
import { layoutResource, layoutStateResource, pageResource, pageStateResource, templateResource } from './content.resource.ts';

export * from './site.resource.ts';
export * from './host.ts';
export * from './site-group.resource.ts';
export * from './site-actions.ts';
export * from './content-fields.ts';
export * from './content.resource.ts';
export * from './content-actions.ts';

/** sites.context: sites and their groups; pages, layouts and templates with their states. */
export const sitesContextContract = defineService({
  name: 'sites.context',
  permissions: {
    codes: [
      'sites.create', 'sites.patch', 'sites.delete', 'sites.get_full_list', 'pages.get_list', 'pages.patch',
      'layouts.patch', 'templates.patch',
      // Codes the spec leaves unnamed (docs/decisions/sites.md, "Which codes do site screens need?").
      'sites.republish',
      'site_groups.get_list', 'site_groups.create', 'site_groups.patch', 'site_groups.delete',
      // Publishing, on every site (docs/decisions/content.md, "Which codes read, write and publish
      // content?").
      'pages.publish', 'layouts.publish',
    ],
    entities: {
      sites: text('Сайты', 'Sites'),
      pages: text('Страницы', 'Pages'),
      layouts: text('Макеты', 'Layouts'),
      templates: text('Шаблоны', 'Templates'),
      site_groups: text('Группы сайтов', 'Site groups'),
    },
    special: {
      'sites.republish': special(text('Сайты: переопубликование', 'Sites: republish'), text('Заново собирать и публиковать страницы сайтов', 'Render and publish the pages of sites again')),
      // Publishing: the only codes that publish, unpublish and schedule, on every site.
      'pages.publish': special(
        text('Страницы: публикация', 'Pages: publish'),
        text('Публиковать страницы, снимать с публикации и назначать время публикации', 'Publish and unpublish pages, and schedule their publication'),
        PUBLISHING_NOTE,
      ),
      'layouts.publish': special(
        text('Макеты: публикация', 'Layouts: publish'),
        text('Публиковать макеты, снимать с публикации и назначать время публикации', 'Publish and unpublish layouts, and schedule their publication'),
        PUBLISHING_NOTE,
      ),
    },
  },
  resources: [siteResource, siteGroupResource, templateResource, layoutResource, layoutStateResource, pageResource, pageStateResource],
  screens: [
    screen('site_select', '/sites.context/select', 'site', 'sites', 10, []),
    // Settings are shown read-only to those who may only read sites.
    screen('site_settings', '/sites.context/sites/{siteId}/settings', 'site', 'site', 20, ['sites.get_full_list', 'sites.patch']),
    screen('site_users', '/sites.context/sites/{siteId}/users', 'site', 'site', 25, ['sites.get_full_list']),
    screen('site_create', '/sites.context/sites/create', null, 'sites', 12, ['sites.create']),
    screen('pages', '/sites.context/sites/{siteId}/pages', 'site', 'content', 30, ['pages.get_list']),
    screen('layouts', '/sites.context/sites/{siteId}/layouts', 'site', 'content', 40, ['layouts.patch']),
    screen('templates', '/sites.context/sites/{siteId}/templates', 'site', 'content', 50, ['templates.patch']),
    // Editors of a page (and a state), a layout, a template; collections by type.
    screen('page_edit', '/sites.context/sites/{siteId}/pages/{pageId}/{pageStateId?}', 'site', 'content', 31, ['pages.get_list'], { in_menu: false }),
    screen('layout_edit', '/sites.context/sites/{siteId}/layouts/{layoutId}/{layoutStateId?}', 'site', 'content', 41, ['layouts.patch'], { in_menu: false }),
    screen('template_edit', '/sites.context/sites/{siteId}/templates/{templateId}', 'site', 'content', 51, ['templates.patch'], { in_menu: false }),
    screen('collections', '/sites.context/sites/{siteId}/collections/any', 'site', 'content', 55, ['pages.get_list']),
    screen('collections_news', '/sites.context/sites/{siteId}/collections/news', 'site', 'content', 56, ['pages.get_list'], { in_menu: false }),
    screen('collections_article', '/sites.context/sites/{siteId}/collections/article', 'site', 'content', 57, ['pages.get_list'], { in_menu: false }),
    screen('collections_specials', '/sites.context/sites/{siteId}/collections/specials', 'site', 'content', 58, ['pages.get_list'], { in_menu: false }),
    screen('all_sites', '/sites.context/all_sites', 'dictionaries', 'sites', 20, ['sites.get_full_list']),
    screen('site_groups', '/sites.context/groups', 'dictionaries', 'sites', 22, ['site_groups.get_list']),
    screen('forks', '/sites.context/forks', 'dictionaries', 'sites', 24, ['sites.get_full_list']),
    // The first screen of a site module (spec 002 §2, path spelled so); no permission code.
    screen('multilanguage_settings', '/mulitlanuge/settings/{siteId}', 'site', 'site', 28, [], { module: 'multiple_locales' }),
  ],
  routes: [
    // Transitions, copies, dealers, DNS check, images beside the site resource.
    api('GET', '/api/v1/site_options', ['sites.get_full_list', 'sites.create']),
    api('GET', '/api/v1/sites/official', ['sites.get_full_list', 'sites.create']),
    api('GET', '/api/v1/sites/forks', ['sites.get_full_list']),
    api('GET', '/api/v1/sites/with_modules', ['sites.get_full_list']),
    api('GET', '/api/v1/sites/with_modules/csv', ['sites.get_full_list']),
    api('POST', '/api/v1/sites/republish', ['sites.republish']),
    api('POST', '/api/v1/sites/rerender', ['sites.republish']),
    api('POST', '/api/v1/sites/generate', ['sites.create']),
    api('POST', '/api/v1/sites/{id}/publish', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/unpublish', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/render', ['sites.patch']),
    api('PATCH', '/api/v1/sites/{id}/version', ['sites.patch']),
    api('PATCH', '/api/v1/sites/{id}/core', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/normalize', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/copy', ['sites.create']),
    api('POST', '/api/v1/sites/copy', ['sites.create']),
    api('POST', '/api/v1/sites/{id}/fork', ['sites.create']),
    api('POST', '/api/v1/sites/{id}/dealers/append', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/dealers/remove', ['sites.patch']),
    api('PATCH', '/api/v1/sites/{id}/display_priority', ['sites.patch']),
    api('PATCH', '/api/v1/sites/{id}/locales', ['sites.patch'], false, 'multiple_locales'),
    api('GET', '/api/v1/sites/{id}/dns_check', ['sites.get_full_list']),
    api('GET', '/api/v1/sites/{id}/users', ['sites.get_full_list']),
    api('POST', '/api/v1/sites/{id}/favicons', ['sites.patch']),
    api('DELETE', '/api/v1/sites/{id}/favicons', ['sites.patch']),
    api('POST', '/api/v1/sites/{id}/logos/{kind}', ['sites.patch']),
    api('DELETE', '/api/v1/sites/{id}/logos/{kind}', ['sites.patch']),
    // The workflow of page and layout states (publishing on strict sites also needs pages.publish /
    // layouts.publish, checked by the kit), the tree's move, the restyling page creation, collections by type.
    ...workflowApiRoutes('page_states', { change: ['pages.patch'], publish: ['pages.publish'] }),
    ...workflowApiRoutes('layout_states', { change: ['layouts.patch'], publish: ['layouts.publish'] }),
    api('POST', '/api/v1/pages/{id}/move', ['pages.patch']),
    api('POST', '/api/v1/pages/{id}/restyle', ['pages.patch']),
    api('GET', '/api/v1/sites/{siteId}/collections/{type}', ['pages.get_list']),
    api('POST', '/api/v1/sites/{siteId}/collections/{type}', ['pages.patch']),
    // The sites that place a floor.
    api('GET', '/api/v1/sites/search_by_floor', ['sites.get_full_list', 'pages.get_list']),
    // Short-lived preview links of draft page and layout states (the site renderer shows them).
    api('POST', '/api/v1/page_states/{id}/preview', ['pages.get_list', 'pages.patch']),
    api('POST', '/api/v1/layout_states/{id}/preview', ['layouts.patch']),
  ],
});
