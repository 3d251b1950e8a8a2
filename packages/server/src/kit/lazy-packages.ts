/**
 * Heavy packages that no start needs, loaded on their first use (docs/decisions/platform.md, "When
 * do heavy packages load?"): imported at the top of their modules, they cost every start about a
 * second of module loading on this 2-core machine. Node keeps a loaded module, so a later call is
 * cheap.
 */
export const loadSharp = async () => (await import('sharp')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadDocx = () => import('docx');
export const loadNodemailer = async () => (await import('nodemailer')).default;
export const loadJsZip = async () => (await import('jszip')).default;
