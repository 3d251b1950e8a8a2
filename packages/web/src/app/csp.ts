/**
 * The style nonce the server put in index.html (`<meta name="csp-nonce">`, same value as in the
 * page's Content-Security-Policy): antd marks its injected <style> tags with it so the CSP admits
 * them. Absent under the Vite dev server, which sends no CSP.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/** Read once: the page keeps the nonce it was served with. */
export const cspConfig = { nonce: readCspNonce() };

/**
 * Gives the nonce to every <style> element that scripts create. antd's own styles get it from
 * ConfigProvider, but its modal and drawer scroll lock (@rc-component/util updateCSS) inserts
 * <style> tags without it (ant-design/ant-design#58150), which the CSP would refuse. Markup
 * injected as HTML is not created here, so it stays refused.
 */
export function nonceScriptedStyles(nonce: string | undefined, doc: Document = document) {
  if (!nonce) return;
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element.localName === 'style') element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
