import { Copy, Download } from 'lucide-react';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { copyText, downloadText } from '#lib/clipboard.ts';

/** Shown once, right after two-factor is turned on: the codes, to copy or download. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Tollgate backup codes\nEach code signs you in once when your authenticator app is not at hand.\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Save your backup codes now">
        They are shown only this once. Each one signs you in a single time if you lose your phone.
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg md:grid-cols-5 border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-800 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-200"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyText(codes.join('\n'), 'Backup codes')}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText('tollgate-backup-codes.txt', text)}>
          <Download className="size-4" aria-hidden="true" />
          Download .txt
        </Button>
        <Button size="sm" className="sm:ml-auto" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
