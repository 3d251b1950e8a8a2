import { describe, expect, it } from 'vitest';
import { renderTemplate, unknownPlaceholders } from './template.ts';

describe('the logic-less template', () => {
  it("fills placeholders from the values' own keys only, escaped in HTML", () => {
    const values = { name: 'Анна <b>', count: 3 };
    expect(renderTemplate('{{ name }}: {{count}}', values)).toBe('Анна &lt;b&gt;: 3');
    expect(renderTemplate('{{name}}', values, false)).toBe('Анна <b>');
    for (const member of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']) {
      expect(renderTemplate(`[{{${member}}}]`, values), member).toBe('[]');
      expect(renderTemplate(`[{{${member}}}]`, values, false), member).toBe('[]');
    }
    expect(renderTemplate('[{{missing}}]', values)).toBe('[]');
    // Nothing but a name is a placeholder: no paths, no calls.
    expect(renderTemplate('{{name.length}} {{#name}}x{{/name}}', values, false)).toBe('{{name.length}} {{#name}}x{{/name}}');
  });

  it('names the placeholders it does not know, each once', () => {
    expect(unknownPlaceholders('{{name}} {{nmae}} {{constructor}} {{nmae}}', (name) => name === 'name')).toEqual(['nmae', 'constructor']);
    expect(unknownPlaceholders('no placeholders', () => false)).toEqual([]);
  });
});
