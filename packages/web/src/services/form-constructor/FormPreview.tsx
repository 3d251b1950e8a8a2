import { useMemo } from 'react';
import { formCss, formText, renderFormHtml, type FormChoices, type FormPalette, type Lang } from '@dp/contracts';
import type { BuilderForm } from './builder.ts';

/**
 * The live preview: the form's markup and look exactly as the site draws them (contracts'
 * renderFormHtml and formCss, which the site's page and embeddable script use), in the site's
 * language and colours. Sending is off here.
 */
export function FormPreview({ form, lang, choices, palette, label }: { form: BuilderForm; lang: Lang; choices: FormChoices; palette: FormPalette; label: string }) {
  const html = useMemo(() => renderFormHtml(form, { lang, choices, idPrefix: 'dpf-preview', consentText: formText(lang, 'consent'), showTitle: !!form.title.trim() }), [form, lang, choices]);
  const css = useMemo(() => formCss(palette), [palette]);
  return (
    <section className="form-preview" aria-label={label} data-testid="form-preview">
      <style>{css}</style>
      <div
        className="form-preview__body"
        onSubmit={(event) => event.preventDefault()}
        // The markup is made by renderFormHtml, which escapes every value typed in the builder.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
