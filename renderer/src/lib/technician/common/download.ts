/**
 * Saves a value as a JSON file the way a browser saves any download: the browser host's page gets
 * a real download, Electron its save dialog. Nothing leaves the machine.
 */
export function downloadJson(fileName: string, value: unknown, doc: Document = document): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
