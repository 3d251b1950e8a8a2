import { floorValueProblems, t as message, type Lang } from '@dp/contracts';

/**
 * What the values editor hands to the server: inputs left empty are no value ('' and null go),
 * and a group or image with nothing filled goes too. Items of a list stay, even empty, so that a
 * missing required value is reported on its item instead of the item silently vanishing.
 */
export function cleanValues(value: unknown, inList = false): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => cleanValues(item, true) ?? {});
  if (typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, cleanValues(inner)] as const)
      .filter(([, inner]) => inner !== undefined);
    if (!entries.length && !inList) return undefined;
    return Object.fromEntries(entries);
  }
  return value;
}

/** A JSON pointer below the floor's attributes as a form field name: /data/attributes/values/cards/0/title. */
export function pointerToName(pointer: string | undefined): (string | number)[] | null {
  const match = /^\/data\/attributes\/(.+)$/.exec(pointer ?? '');
  if (!match) return null;
  return match[1]!.split('/').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The problems of the values for the component, as the form shows them: under the field they
 * concern (`values.…`), or as general messages when no field of the form has them.
 */
export function valueFieldErrors(component: string, values: unknown, lang: Lang) {
  const onFields: { name: (string | number)[]; errors: string[] }[] = [];
  const general: string[] = [];
  for (const problem of floorValueProblems(component, values)) {
    const text = message(problem.key, lang, problem.params);
    if (problem.key === 'floor_unknown_value' || problem.key === 'floor_component_not_found') general.push(text);
    else onFields.push({ name: ['values', ...problem.path], errors: [text] });
  }
  return { onFields, general };
}
