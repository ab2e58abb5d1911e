import { Copy } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { copyText } from '#lib/clipboard.ts';

/** An icon button that copies `text`; its name says what ("Copy host"). */
export function CopyButton({ text, what, disabled }: { text: string; what: string; disabled?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Copy ${what.toLowerCase()}`}
      title={`Copy ${what.toLowerCase()}`}
      disabled={disabled}
      onClick={() => void copyText(text, what)}
    >
      <Copy className="size-4" aria-hidden="true" />
    </Button>
  );
}
