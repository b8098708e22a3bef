// The file manager's limits (the rules the console and the API share): the path delimiter, the largest
// file, how long a presigned URL works, the longest name and the pages of a listing.
import { MAX_UPLOAD_BYTES } from '../constants';

export const FILE_MANAGER_DELIMITER = '/';

/** The largest file the file manager takes: the largest asset (a 200 MB video). */
export const FILE_MANAGER_MAX_BYTES = MAX_UPLOAD_BYTES;
/** Presigned URLs work this long. */
export const FILE_URL_SECONDS = 15 * 60;

/** How many entries one page of a listing holds unless the caller asks for another size. */
export const FILE_LIST_PAGE_SIZE = 200;
/** The largest page a caller may ask for (S3's ListObjectsV2 answers at most 1,000 keys at a time). */
export const FILE_LIST_MAX_PAGE_SIZE = 1000;
