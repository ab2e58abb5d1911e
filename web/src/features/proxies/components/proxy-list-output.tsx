import { Copy, FileDown, ListX } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { copyText, downloadCsv, downloadText } from '#lib/clipboard.ts';
import { formatNumber } from '#lib/format.ts';
import { LIST_FORMAT_LABELS, PORT_TYPE_LABELS } from '../utils/labels.ts';
import { proxyListCsv, type ProxyList } from '../utils/proxy-lines.ts';

/** A textarea of 10,000 lines makes typing sluggish on phones; copy and downloads carry every line. */
export const SHOWN_LINES = 1_000;

export function ProxyListOutput({ list, busy }: { list: ProxyList; busy: boolean }) {
  const { lines } = list;
  const text = lines.join('\n');
  const file = `tollgate-proxies-${list.porttype}`;
  return (
    <Card aria-busy={busy || undefined}>
      <CardHeader
        title="Proxy list"
        description={`${formatNumber(lines.length)} ${lines.length === 1 ? 'line' : 'lines'} · ${PORT_TYPE_LABELS[list.porttype]} · ${LIST_FORMAT_LABELS[list.format]}`}
        action={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!lines.length}
              onClick={() => void copyText(text, 'Proxy list')}
            >
              <Copy className="size-4" aria-hidden="true" />
              Copy all
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!lines.length}
              onClick={() => downloadText(`${file}.txt`, `${text}\n`)}
            >
              <FileDown className="size-4" aria-hidden="true" />
              Download .txt
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!lines.length}
              onClick={() => downloadCsv(`${file}.csv`, proxyListCsv(lines, list.format))}
            >
              <FileDown className="size-4" aria-hidden="true" />
              Download .csv
            </Button>
          </div>
        }
      />
      <CardBody className="space-y-2">
        {lines.length === 0 ? (
          <EmptyState
            icon={ListX}
            title="No proxies for this choice"
            description="No exit matches these settings. Try another location or fewer filters."
          />
        ) : (
          <>
            <Textarea
              label="Generated proxies"
              readOnly
              wrap="off"
              spellCheck={false}
              rows={12}
              value={lines.slice(0, SHOWN_LINES).join('\n')}
              className="[&_textarea]:font-mono [&_textarea]:text-xs [&_textarea]:leading-5"
            />
            {lines.length > SHOWN_LINES && (
              <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="lines-note">
                Showing the first {formatNumber(SHOWN_LINES)} of {formatNumber(lines.length)} lines. Copy all and the
                downloads include every line.
              </p>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
