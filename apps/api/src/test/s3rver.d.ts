// s3rver ships no types; the part of its API the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: unknown[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
