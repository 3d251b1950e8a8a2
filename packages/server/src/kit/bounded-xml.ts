import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from './app-error.ts';

/**
 * A saxes parser whose every value is bounded while it is read (DESIGN.md §9, §10 untrusted files):
 * saxes gathers a text node, a CDATA section, a comment, an attribute value or a name in full
 * before it hands it over, so a 150-million-character text node would be 150 million characters in
 * memory before any handler could look at its length. Here the text is written to saxes in slices
 * of at most SLICE characters and, after each, the parser's own buffers are measured: a value still
 * being read past `maxText`, a name past `maxName`, a tag past `maxAttributes` or an element nested
 * past `maxDepth` stops the file with an AppError naming the element (and attribute) and line. No
 * value grows past its bound by more than a slice, so memory stays bounded whatever the file; a
 * value that starts and ends within one slice is handed over whole, and the readers check the
 * values they keep (a cell, a feed's field) against their bound exactly.
 *
 * The buffers are saxes' own fields (`text`, `name`, `piTarget`, `entity`, `attribList`, `tags`,
 * the state table), read as saxes 5 names them (the lockfile pins it); the constructor checks they
 * are there, so an upgrade that renames them fails every reader's tests at once.
 */
export interface XmlLimits {
  /** Characters of a text node, CDATA section, comment, processing instruction or attribute value. */
  maxText: number;
  /** Characters of an element's or attribute's name. */
  maxName: number;
  /** Attributes of one element. */
  maxAttributes: number;
  /** Elements open at once. */
  maxDepth: number;
}

/** Limits that no honest feed or workbook part comes near. */
export const XML_LIMITS: XmlLimits = { maxText: 10_000, maxName: 200, maxAttributes: 200, maxDepth: 100 };

/** Characters handed to saxes at a time: how far a value may pass its bound before it is seen. */
const SLICE = 64 * 1024;

/** The parts of saxes 5 this reads (they are private in its types). */
interface SaxesInternals {
  text: string;
  name: string;
  piTarget: string;
  entity: string;
  attribList: unknown[];
  tags: SaxesTagPlain[];
  tag: SaxesTagPlain | null;
  state: number;
  entityReturnState?: number;
  stateTable: unknown[];
}

const ATTRIBUTE_STATES = new Set<unknown>([SaxesParser.prototype['sAttribValueQuoted' as never], SaxesParser.prototype['sAttribValueUnquoted' as never]]);
const ENTITY_STATE = SaxesParser.prototype['sEntity' as never];

export interface BoundedXmlOptions {
  limits: XmlLimits;
  /** Track lines (the messages name one); off where every error names something better (a cell). */
  position?: boolean;
  /**
   * A text over `maxText` (not an attribute value): the reader may take it (answer true), for
   * example to fail later with a better name for it (the cell that uses a shared string); the
   * text then starts over empty and the read goes on. Otherwise it stops the file.
   */
  onLongText?: () => boolean;
}

/** A saxes parser fed through `write`, which refuses a value past its bound (see the file's comment). */
export class BoundedXml {
  readonly parser: SaxesParser;
  private readonly inner: SaxesInternals;

  constructor(private readonly options: BoundedXmlOptions) {
    this.parser = new SaxesParser({ xmlns: false, position: options.position ?? true });
    this.inner = this.parser as unknown as SaxesInternals;
    const inner = this.inner;
    if (typeof inner.text !== 'string' || typeof inner.name !== 'string' || !Array.isArray(inner.tags) || !Array.isArray(inner.attribList) || !Array.isArray(inner.stateTable) || ATTRIBUTE_STATES.has(undefined)) {
      throw new Error('saxes does not have the fields BoundedXml measures: check kit/bounded-xml.ts against its version');
    }
  }

  /** Parses the next text, a slice at a time, checking the bounds after each. */
  write(text: string) {
    for (let at = 0; at < text.length; at += SLICE) {
      this.parser.write(text.length <= SLICE ? text : text.slice(at, at + SLICE));
      this.check();
    }
  }

  close() {
    this.parser.close();
  }

  /** The element being read: the one whose tag is open, else the innermost open one. */
  private element(): string {
    return this.inner.tag?.name ?? this.inner.tags.at(-1)?.name ?? '';
  }

  private inAttribute(): boolean {
    const { stateTable, state, entityReturnState } = this.inner;
    const handler = stateTable[state];
    return ATTRIBUTE_STATES.has(handler) || (handler === ENTITY_STATE && entityReturnState !== undefined && ATTRIBUTE_STATES.has(stateTable[entityReturnState]));
  }

  private check() {
    const { limits } = this.options;
    const inner = this.inner;
    const line = this.parser.line;
    if (inner.text.length > limits.maxText) {
      if (this.inAttribute()) throw new AppError(400, 'file_xml_attribute_too_long', { attribute: inner.name, element: this.element(), line, max: limits.maxText }, 'file');
      const innermost = inner.tags.at(-1)?.name ?? '';
      if (!this.options.onLongText?.()) throw new AppError(400, 'file_xml_text_too_long', { element: innermost, line, max: limits.maxText }, 'file');
      inner.text = '';
    }
    if (inner.name.length > limits.maxName || inner.piTarget.length > limits.maxName || inner.entity.length > limits.maxName) {
      throw new AppError(400, 'file_xml_name_too_long', { line, max: limits.maxName }, 'file');
    }
    if (inner.attribList.length > limits.maxAttributes) throw new AppError(400, 'file_xml_too_many_attributes', { element: this.element(), line, max: limits.maxAttributes }, 'file');
    if (inner.tags.length > limits.maxDepth) throw new AppError(400, 'file_xml_too_deep', { element: this.element(), line, max: limits.maxDepth }, 'file');
  }
}
