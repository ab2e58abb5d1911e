import { notify } from './toast.ts';

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void notify('success', `${what} copied`);
  } catch {
    void notify('error', `Could not copy the ${what.toLowerCase()}; select it and copy by hand.`);
  }
}

/** Saves a blob as a file through a temporary link (no extra server round trip). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadText(filename: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}

export function downloadCsv(filename: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/** A file the API sent as base64 (bill PDFs), saved under the server's file name. */
export function downloadBase64(filename: string, base64: string, type: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  downloadBlob(filename, new Blob([bytes], { type }));
}
