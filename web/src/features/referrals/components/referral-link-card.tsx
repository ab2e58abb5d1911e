import { Copy, Share2 } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { copyText } from '#lib/clipboard.ts';

/** The link to share, with copy, the code alone, and a QR code for phones and print. */
export function ReferralLinkCard({ link, code, qrCode }: { link: string; code: string; qrCode: string }) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Card>
      <CardHeader title="Your referral link" description="Anyone who signs up through it becomes your referral." />
      <CardBody className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <label
              htmlFor="referral-link"
              className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              Link
            </label>
            <div className="flex gap-2">
              <input
                id="referral-link"
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
                className="block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              />
              <Button onClick={() => void copyText(link, 'Referral link')} aria-label="Copy referral link">
                <Copy className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">Copy</span>
              </Button>
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Your code is <span className="font-mono font-semibold text-slate-900 dark:text-white">{code}</span>. It is
            filled in for them on the sign-up page, and it is kept when they sign up with Google.
          </p>
          {canShare && (
            <Button variant="outline" size="sm" onClick={() => void navigator.share({ url: link }).catch(() => {})}>
              <Share2 className="size-4" aria-hidden="true" />
              Share…
            </Button>
          )}
        </div>
        <figure className="flex shrink-0 flex-col items-center gap-1 self-center">
          <img
            src={qrCode}
            alt="QR code of your referral link"
            width={136}
            height={136}
            className="size-34 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
          />
          <figcaption className="text-xs text-slate-500 dark:text-slate-400">Scan to open the link</figcaption>
        </figure>
      </CardBody>
    </Card>
  );
}
