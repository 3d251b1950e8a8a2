import { captchaSettingsResource, customFormResource, smartCaptchaKeyResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as formTables from './form.table.ts';
import { customFormHooks, smartCaptchaKeyHooks } from './form.hooks.ts';
import { registerFormConstructorRoutes } from './form.routes.ts';
import { FORM_FILES_SWEEP_JOB, FORM_FILES_SWEEP_SCHEDULE, sweepFormFiles } from './sweep-files.ts';

/** A site's custom forms and their site APIs, captcha settings and smart captcha keys; the intake's form check. */
export const formConstructor = defineServerService({
  name: 'form-constructor',
  tables: [formTables],
  resources: (registry) => {
    // The site's own records.
    const site = { ...siteOwnership(registry), assertEditable: async () => undefined };
    return [
      { resource: customFormResource, table: formTables.customForms, hooks: customFormHooks, siteOwned: site },
      { resource: captchaSettingsResource, table: formTables.captchaSettings, siteOwned: site },
      { resource: smartCaptchaKeyResource, table: formTables.smartCaptchaKeys as never, hooks: smartCaptchaKeyHooks, siteOwned: site },
    ];
  },
  records: { 'form-constructor/custom_form_files': formTables.customFormFiles },
  async register(app, ctx, { registry }) {
    await registerFormConstructorRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    // Files of forms no request names.
    [FORM_FILES_SWEEP_JOB]: async () => void ctx.log.info({ removed: await sweepFormFiles(ctx) }, 'unclaimed form files removed'),
  }),
  schedules: { [FORM_FILES_SWEEP_JOB]: FORM_FILES_SWEEP_SCHEDULE },
});
