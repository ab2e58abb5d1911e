import { notify } from '#lib/toast.ts';

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void notify('success', `${what} copied`);
  } catch {
    void notify('error', `Could not copy the ${what.toLowerCase()}; select it and copy by hand.`);
  }
}

/** Saves text as a file through a temporary blob link (no server round trip). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
