import { EmailsInput as AddressTags } from '../../kit/EmailsInput.tsx';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { emailsProblem } from './sender-api.ts';

/** The sender's address input: the kit's, with the sender's placeholder and check. */
export function EmailsInput(props: { id?: string; value?: string[]; onChange?: (value: string[]) => void; disabled?: boolean; placeholder?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('sender');
  return <AddressTags {...props} placeholder={props.placeholder ?? t('emails_placeholder')} isWrong={(address) => !!emailsProblem([address], 'en')} tagClassName="sender-email-tag" />;
}

/** The form rule of an address list: the spec's message naming the wrong address. */
export const emailsRule = (lang: Lang, options: { required?: boolean; max?: number } = {}) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = emailsProblem(value, lang, options);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
