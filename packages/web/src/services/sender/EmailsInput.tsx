import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { emailsProblem, normalEmails } from './sender-api.ts';

/** Addresses as tags: typed or pasted (comma, space, semicolon), lower-cased, repeats dropped; a wrong one shows red. */
export function EmailsInput(props: { id?: string; value?: string[]; onChange?: (value: string[]) => void; disabled?: boolean; placeholder?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('sender');
  return (
    <Select
      {...props}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', ';']}
      placeholder={props.placeholder ?? t('emails_placeholder')}
      onChange={(value: string[]) => props.onChange?.(normalEmails(value))}
      tagRender={({ label, value, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} color={emailsProblem([value], 'en') ? 'red' : undefined} className="sender-email-tag">
          {label}
        </Tag>
      )}
    />
  );
}

/** The form rule of an address list: the spec's message naming the wrong address. */
export const emailsRule = (lang: Lang, options: { required?: boolean; max?: number } = {}) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = emailsProblem(value, lang, options);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
