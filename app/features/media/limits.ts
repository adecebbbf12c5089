/**
 * What the media pipeline accepts (issue "Gallery and media"), shared by the server, which
 * enforces it, and the back office's upload screens, which warn before a long upload.
 */

/** Bytes and pixels. */
export const MEDIA_LIMITS = {
  /** 15 MiB: a full-size phone photo is 3 to 8 MB. */
  imageBytes: 15 * 1024 * 1024,
  /** 50 megapixels: more than any phone camera; refuses decompression bombs. */
  imagePixels: 50_000_000,
  /** The longest edge of a stored upload, in px. */
  sourceEdge: 2880,
  /** 100 MiB for a short shop video. */
  videoBytes: 100 * 1024 * 1024,
} as const;

/** The `accept` list of an image file input: the formats the pipeline decodes. */
export const IMAGE_ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif,image/tiff';

/** The `accept` list of a video file input. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm';
