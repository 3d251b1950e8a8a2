export function AccessoryImportProgress(_: { runId: number }) {
  return null;
}
