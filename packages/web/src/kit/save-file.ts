import { api, type Query } from './api.ts';

/** Hands a file to the browser's download (a link clicked, its object URL freed afterwards). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file answer of the API with the reader's token (a plain href would carry none) and
 * saves it under the server's file name, or `fallbackName` when the answer gives none.
 */
export async function saveDownload(path: string, fallbackName: string, query?: Query, init?: Parameters<typeof api.download>[2]) {
  const { blob, fileName } = await api.download(path, query, init);
  saveFile(blob, fileName ?? fallbackName);
}
