import { useId, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { TICKET_ATTACHMENTS_PER_MESSAGE } from '@tollgate/contract/tickets/tickets';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { useUploadAttachment, type TicketScope } from '../api/attachments.ts';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_HINT,
  checkAttachment,
  fileSize,
  TOO_MANY_ATTACHMENTS,
} from '../utils/attachment-check.ts';

export interface PickedFile {
  key: number;
  name: string;
  size: number;
  /** Set once the server has the image. */
  id?: string;
  uploading: boolean;
}

/** The picked images of a message being written; each is uploaded as soon as it is chosen. */
export function useAttachments(scope: TicketScope) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAttachment(scope);
  const next = useRef(0);

  const add = (list: FileList | File[]) => {
    setError(null);
    const chosen = [...list];
    if (files.length + chosen.length > TICKET_ATTACHMENTS_PER_MESSAGE) {
      setError(TOO_MANY_ATTACHMENTS);
      return;
    }
    for (const file of chosen) {
      const refused = checkAttachment(file);
      if (refused) {
        setError(`${file.name}: ${refused}`);
        continue;
      }
      const key = (next.current += 1);
      setFiles((current) => [...current, { key, name: file.name, size: file.size, uploading: true }]);
      upload.mutate(file, {
        onSuccess: (stored) =>
          setFiles((current) =>
            current.map((item) => (item.key === key ? { ...item, id: stored.id, uploading: false } : item)),
          ),
        onError: (failure) => {
          setFiles((current) => current.filter((item) => item.key !== key));
          setError(`${file.name}: ${errorMessage(failure)}`);
        },
      });
    }
  };

  return {
    files,
    error,
    add,
    remove: (key: number) => setFiles((current) => current.filter((item) => item.key !== key)),
    ids: files.flatMap((item) => (item.id ? [item.id] : [])),
    uploading: files.some((item) => item.uploading),
    reset: () => {
      setFiles([]);
      setError(null);
    },
  };
}

export function AttachmentPicker({ attachments }: { attachments: ReturnType<typeof useAttachments> }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = attachments.files.length >= TICKET_ATTACHMENTS_PER_MESSAGE;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="attachment-input"
          onChange={(event) => {
            if (event.target.files) attachments.add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Attach images
        </Button>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {ATTACHMENT_HINT}
        </p>
      </div>
      {attachments.error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {attachments.error}
        </p>
      )}
      {attachments.files.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Images to send">
          {attachments.files.map((file) => (
            <li
              key={file.key}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm dark:border-slate-700"
            >
              {file.uploading && <Spinner label="Uploading" />}
              <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-200">{file.name}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{fileSize(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={() => attachments.remove(file.key)}
                aria-label={`Remove ${file.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
