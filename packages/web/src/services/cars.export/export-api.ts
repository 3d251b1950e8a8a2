import { gatewayPath, api } from '../../kit/api.ts';
import { saveDownload } from '../../kit/save-file.ts';
import type { ExportChannel, ExportSettingsAttributes, OfferOrientation, OfferType } from '@dp/contracts';

export const exportPath = (path: string) => gatewayPath('cars.export', path);
export type ExportSettingsRecord = { id: string; type: string; attributes: ExportSettingsAttributes };

export const getExportSettings = (clientId: number, signal?: AbortSignal) => api.get<ExportSettingsRecord>(exportPath(`settings/where_client_id/${clientId}`), undefined, signal);
export const patchExportSettings = (id: string, attributes: { use_dealer_images?: boolean; dealer_images_first?: boolean; links?: Partial<Record<ExportChannel, { is_needed: boolean }>> }) =>
  api.call<ExportSettingsRecord>('PATCH', exportPath(`settings/${id}`), { body: { data: { attributes } } });
export const regenerateExportLink = (id: string, channel: ExportChannel) => api.post<ExportSettingsRecord>(exportPath(`settings/${id}/regenerate`), { channel });

/** A commercial offer of the chosen cars, saved by the browser. */
export async function downloadOffer(kind: 'pdf' | 'docx', choice: { type: OfferType; orientation: OfferOrientation; cars: number[]; site_id: number }) {
  await saveDownload(exportPath(`${kind}_offer`), `offer.${kind}`, undefined, { method: 'POST', data: choice });
}
