import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import {
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_NOT_IMAGE,
  BLOG_IMAGE_TOO_LARGE,
  BLOG_IMAGE_TYPES,
} from '@tollgate/contract/content/blog';
import { Button } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';

export interface PickedImage {
  /** The image the post has now (a URL), or null. */
  current: string | null;
  /** A new file chosen to replace it. */
  file: File | null;
  /** The current image is to be removed on save. */
  remove: boolean;
}

/** Choose, preview, replace or remove one image; only a chosen file is sent (§5). */
export function ImagePicker({
  label,
  hint,
  value,
  onChange,
  error,
  shape = 'wide',
}: {
  label: string;
  hint: string;
  value: PickedImage;
  onChange: (next: PickedImage) => void;
  error?: string;
  shape?: 'wide' | 'round';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file) return setPreview(null);
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);
  const shown = preview ?? (value.remove ? null : value.current);

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(BLOG_IMAGE_TYPES as readonly string[]).includes(file.type)) return setProblem(BLOG_IMAGE_NOT_IMAGE);
    if (file.size > BLOG_IMAGE_MAX_BYTES) return setProblem(BLOG_IMAGE_TOO_LARGE);
    setProblem(null);
    onChange({ ...value, file, remove: false });
  };
  const message = problem ?? error;
  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </p>
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden border border-dashed border-slate-300 bg-slate-50 text-slate-400 dark:border-slate-700 dark:bg-slate-900',
            shape === 'round' ? 'size-16 rounded-full' : 'aspect-[2/1] w-40 rounded-lg',
          )}
        >
          {shown ? (
            <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-6" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={BLOG_IMAGE_TYPES.join(',')}
            className="sr-only"
            // The visible button opens it; one stop for keyboard users, not two.
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            onChange={(event) => pick(event.target.files?.[0])}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            {shown ? 'Replace' : 'Choose image'}
          </Button>
          {shown && (
            <Button
              type="button"
              variant="ghost-danger"
              size="sm"
              onClick={() => onChange({ ...value, file: null, remove: value.current !== null })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      </div>
      <p
        className={cn(
          'mt-1.5 text-sm',
          message ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400',
        )}
      >
        {message ?? hint}
      </p>
    </div>
  );
}
