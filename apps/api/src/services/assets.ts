// Accepted upload types and size limits for creative assets.
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_OTHER_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_VIDEO_BYTES;
