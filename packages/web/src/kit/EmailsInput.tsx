import { Select, Tag } from 'antd';

/** Addresses as typed: trimmed, lower case, without repeats. */
export const normalEmails = (values: unknown) => [...new Set((Array.isArray(values) ? (values as string[]) : []).map((value) => String(value).trim().toLowerCase()).filter(Boolean))];

/**
 * Addresses as tags (typed, or pasted with commas, spaces or semicolons), normalised by
 * normalEmails; a tag `isWrong` says is not an address shows red. Each form's rule gives the message.
 */
export function EmailsInput(props: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  isWrong: (address: string) => boolean;
  tagClassName?: string;
}) {
  const { isWrong, tagClassName, ...select } = props;
  return (
    <Select
      {...select}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', ';']}
      onChange={(value: string[]) => props.onChange?.(normalEmails(value))}
      tagRender={({ label, value, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} color={isWrong(String(value)) ? 'red' : undefined} className={tagClassName}>
          {label}
        </Tag>
      )}
    />
  );
}
