/**
 * The media screen's upload panel (issue "Back office" item 4): several images and videos at
 * once, each with its own title and description and a progress bar, sharing a category,
 * subcategory and video section. Files go one at a time to /admin/media/upload with
 * XMLHttpRequest (fetch cannot report upload progress); a refused file keeps its row with the
 * server's message, so the administrator can fix it and send it again. The gallery updates
 * itself once a file is stored (the `media` trigger tells every open page).
 */
import { UploadIcon, VideoIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { IMAGE_ACCEPT, MEDIA_LIMITS, VIDEO_ACCEPT } from '~/features/media/limits';
import { cn } from '~/lib/utils';
import type { AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { MediaShelfFields, type MediaShelves } from './media-shelf-fields';
import type { ProductCategoryOption } from '~/features/admin/catalogue/products.server';

/** Where the uploads go (the resource route answering JSON). */
const MEDIA_UPLOAD_URL = '/admin/media/upload';

type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** A file chosen on the device, with what will be sent along with it. */
interface PendingUpload {
  id: string;
  file: File;
  kind: 'image' | 'video';
  title: string;
  description: string;
  /** An object URL of an image, for its thumbnail. */
  preview: string | null;
  status: UploadStatus;
  /** Bytes sent, 0 to 1. */
  progress: number;
  message?: string;
}

/** A title made from a file name: 'wedding-sherwani_02.jpg' → 'Wedding sherwani 02'. */
function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return base ? base[0]!.toUpperCase() + base.slice(1) : '';
}

/** A file size for people: kilobytes under 1 MB, else megabytes with one decimal. */
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A refusal the browser can tell before sending (the server checks everything again). */
function earlyProblem(file: File, kind: 'image' | 'video'): string | undefined {
  const limit = kind === 'video' ? MEDIA_LIMITS.videoBytes : MEDIA_LIMITS.imageBytes;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > limit) {
    return `This ${kind} is ${megabytes(file.size)}; the limit is ${megabytes(limit)}.`;
  }
  return undefined;
}

/**
 * Sends one file; resolves with the HTTP status (0 when the network failed) and the outcome.
 * Never rejects.
 */
function sendFile(
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; outcome: AdminOutcome | null }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', MEDIA_UPLOAD_URL);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      resolve({ status: request.status, outcome: request.response as AdminOutcome | null }),
    );
    request.addEventListener('error', () => resolve({ status: 0, outcome: null }));
    request.addEventListener('abort', () => resolve({ status: 0, outcome: null }));
    request.send(form);
  });
}

export function MediaUploader({ options }: { options: ProductCategoryOption[] }) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [shelves, setShelves] = useState<MediaShelves>({
    categoryId: '',
    subcategoryId: '',
    videoSection: 'fabric-showcase',
  });
  const [running, setRunning] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { revalidate } = useRevalidator();
  const idBase = useId();
  const previews = useRef(new Set<string>());

  // Thumbnails' object URLs are released when the panel goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (id: string, change: Partial<PendingUpload>) =>
    setPending((rows) => rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const remove = (id: string) =>
    setPending((rows) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (row?.preview) {
        URL.revokeObjectURL(row.preview);
        previews.current.delete(row.preview);
      }
      return rows.filter((candidate) => candidate.id !== id);
    });

  const addFiles = useCallback(
    (files: FileList | null) => {
      if (!files) return;
      const added = Array.from(files).map((file, index): PendingUpload => {
        const kind = file.type.startsWith('video/') ? 'video' : 'image';
        const preview = kind === 'image' && file.size > 0 ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        const problem = earlyProblem(file, kind);
        return {
          id: `${idBase}-${Date.now()}-${index}`,
          file,
          kind,
          title: titleFromFileName(file.name),
          description: '',
          preview,
          status: problem ? 'failed' : 'waiting',
          progress: 0,
          message: problem,
        };
      });
      setPending((rows) => [...rows, ...added]);
      if (input.current) input.current.value = '';
    },
    [idBase],
  );

  // Files picked before the page finished loading fired no React change event: take them now.
  useEffect(() => {
    if (input.current?.files?.length) addFiles(input.current.files);
  }, [addFiles]);

  const toSend = pending.filter((row) => row.status === 'waiting' || row.status === 'failed');
  const sendable = toSend.filter((row) => !earlyProblem(row.file, row.kind));

  const uploadAll = async () => {
    setRunning(true);
    let stored = 0;
    let refused = 0;
    for (const row of sendable) {
      if (!row.title.trim()) {
        update(row.id, { status: 'failed', message: 'Please enter a title.' });
        refused += 1;
        continue;
      }
      update(row.id, { status: 'uploading', progress: 0, message: undefined });
      const form = new FormData();
      form.set('intent', 'upload-media');
      form.set('title', row.title);
      form.set('description', row.description);
      form.set('categoryId', shelves.categoryId);
      form.set('subcategoryId', shelves.subcategoryId);
      form.set('videoSection', shelves.videoSection);
      form.set('file', row.file, row.file.name);
      const { status, outcome } = await sendFile(form, (progress) => update(row.id, { progress }));
      if (status >= 200 && status < 300 && outcome?.ok) {
        update(row.id, { status: 'done', progress: 1, message: 'Uploaded' });
        stored += 1;
      } else {
        refused += 1;
        update(row.id, {
          status: 'failed',
          progress: 0,
          message:
            outcome?.message ??
            (status === 413
              ? 'This file is too large to send.'
              : 'The upload did not reach the shop. Check the connection and try again.'),
        });
      }
    }
    setRunning(false);
    if (stored > 0) void revalidate();
    if (refused === 0 && stored > 0) {
      toast.success(`${stored} ${stored === 1 ? 'file' : 'files'} added to the gallery.`);
      // Uploaded rows leave the panel once they are in the list below.
      setPending((rows) => {
        for (const row of rows) if (row.preview) URL.revokeObjectURL(row.preview);
        return [];
      });
    } else if (refused > 0) {
      toast.error(
        `${stored} of ${stored + refused} ${stored + refused === 1 ? 'file' : 'files'} uploaded; see the messages beside the others.`,
      );
    }
  };

  const hasVideo = pending.some((row) => row.kind === 'video');
  const inputId = `${idBase}-files`;
  return (
    <section aria-labelledby={`${idBase}-heading`} className="rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={`${idBase}-heading`} className="text-xl font-semibold">
        Upload to the gallery
      </h2>
      <p id={`${idBase}-hint`} className="mt-1 text-sm text-muted-foreground">
        Photos up to 15 MB (JPEG, PNG, WebP, AVIF, HEIC) and videos up to 100 MB (MP4 or WebM).
        Choose several at once; each gets its own title.
      </p>
      <div className="mt-4 grid gap-2">
        <Label htmlFor={inputId}>Choose images or videos</Label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={`${IMAGE_ACCEPT},${VIDEO_ACCEPT}`}
          disabled={running}
          aria-describedby={`${idBase}-hint`}
          onChange={(event) => addFiles(event.target.files)}
          className="min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:text-sm"
        />
      </div>

      {pending.length > 0 && (
        <>
          <div className="mt-4">
            <MediaShelfFields
              idPrefix={`${idBase}-shelf`}
              options={options}
              value={shelves}
              onChange={setShelves}
              showVideoSection={hasVideo}
              disabled={running}
            />
          </div>
          <ul className="mt-4 grid gap-3" aria-label="Files to upload">
            {pending.map((row) => (
              <PendingRow
                key={row.id}
                row={row}
                disabled={running || row.status === 'done' || row.status === 'uploading'}
                onChange={(change) => update(row.id, change)}
                onRemove={() => remove(row.id)}
              />
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              className="min-h-11 sm:min-h-10"
              disabled={running || sendable.length === 0}
              onClick={() => void uploadAll()}
            >
              <UploadIcon aria-hidden />
              {running
                ? 'Uploading…'
                : `Upload ${sendable.length} ${sendable.length === 1 ? 'file' : 'files'}`}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function PendingRow({
  row,
  disabled,
  onChange,
  onRemove,
}: {
  row: PendingUpload;
  disabled: boolean;
  onChange: (change: Partial<PendingUpload>) => void;
  onRemove: () => void;
}) {
  const id = `upload-${row.id}`;
  const label = row.title.trim() || row.file.name;
  const failed = row.status === 'failed';
  // A file the browser cannot show (a damaged or fake image) gets the plain icon.
  const [unreadable, setUnreadable] = useState(false);
  return (
    <li className="grid gap-3 rounded-md border p-3 sm:grid-cols-[5rem_1fr_auto]">
      <div className="flex size-20 items-center justify-center overflow-hidden rounded-md bg-muted">
        {row.preview && !unreadable ? (
          <img
            src={row.preview}
            alt=""
            width={80}
            height={80}
            className="size-20 object-cover"
            onError={() => setUnreadable(true)}
          />
        ) : (
          <VideoIcon aria-hidden className="size-8 text-muted-foreground" />
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <p className="truncate text-sm text-muted-foreground">
          {row.kind === 'video' ? 'Video' : 'Image'} · {row.file.name} · {megabytes(row.file.size)}
        </p>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={row.title}
            maxLength={120}
            required
            disabled={disabled}
            onChange={(event) => onChange({ title: event.target.value })}
            className="h-11 sm:h-10"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input
            id={`${id}-description`}
            value={row.description}
            maxLength={1000}
            disabled={disabled}
            onChange={(event) => onChange({ description: event.target.value })}
            className="h-11 sm:h-10"
          />
        </div>
        <progress
          value={row.progress}
          max={1}
          aria-label={`Upload of ${label}`}
          className={cn(
            'h-2 w-full overflow-hidden rounded-full accent-primary',
            row.status === 'waiting' && 'opacity-40',
          )}
        />
        <p
          role={failed ? 'alert' : 'status'}
          className={cn('text-sm', failed ? 'text-destructive' : 'text-muted-foreground')}
        >
          {row.status === 'uploading'
            ? `Uploading ${label}: ${Math.round(row.progress * 100)}%`
            : row.status === 'done'
              ? `${label}: uploaded`
              : failed
                ? `${label}: ${row.message ?? 'not uploaded'}`
                : 'Ready to upload'}
        </p>
      </div>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="min-h-11 sm:min-h-9"
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Remove ${label} from the uploads`}
        >
          <XIcon aria-hidden /> Remove
        </Button>
      </div>
    </li>
  );
}
