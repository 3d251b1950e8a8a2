import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { captchaSettingsResource, customFormResource, smartCaptchaKeyResource } from './form-constructor.resource.ts';

export * from './custom-form.ts';
export * from './render-form.ts';
export * from './form-constructor.resource.ts';

/** form-constructor: a site's custom forms, their checks and markup; captcha settings and smart captcha keys. */
export const formConstructorContract = defineService({
  name: 'form-constructor',
  module: 'requests',
  permissions: {
    codes: ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit'],
    entities: { form_constructor: text('Конструктор форм', 'Form constructor') },
  },
  resources: [customFormResource, captchaSettingsResource, smartCaptchaKeyResource],
  screens: [
    // A site's forms with their builder (module requests); captcha settings and smart captcha keys (module
    // captcha): like the spec's, these two pages carry no permission code (spec 002 §2), so the site menu shows
    // them wherever the site has the module; their calls keep their codes, the site's scope and the module.
    screen('form_constructor_forms', '/form-constructor/{siteId}', 'site', 'requests', 136, ['form_constructor.get_list'], { module: 'requests' }),
    screen('form_constructor_create', '/form-constructor/{siteId}/create', 'site', 'requests', 137, ['form_constructor.create'], { module: 'requests', in_menu: false }),
    screen('form_constructor_edit', '/form-constructor/{siteId}/edit/{formId}', 'site', 'requests', 138, ['form_constructor.get_list'], { module: 'requests', in_menu: false }),
    screen('captcha_settings', '/widgets/captcha/{siteId}/', 'site', 'requests', 143, [], { module: 'captcha' }),
    screen('smart_captcha_keys', '/smartchaptcha/table/{siteId}/', 'site', 'requests', 144, [], { module: 'captcha' }),
  ],
  routes: [
    // A site's forms with search, a copy, the choices a form offers (dealerships, brands, models, cities);
    // the site's captcha settings and smart captcha keys (module captcha).
    api('GET', '/api/v1/custom_forms/list/{siteId}', ['form_constructor.get_list']),
    api('POST', '/api/v1/custom_forms/copy/from/{id}', ['form_constructor.create'], false, onRecord('form-constructor/custom_forms')),
    api('GET', '/api/v1/custom_forms/choices/{siteId}', ['form_constructor.get_list']),
    api('GET', '/api/v1/captcha_settings/where_site_id/{siteId}', ['form_constructor.get_list'], false, 'captcha'),
    api('GET', '/api/v1/smart_captcha_keys/where_site_id/{siteId}', ['form_constructor.get_list'], false, 'captcha'),
  ],
});
