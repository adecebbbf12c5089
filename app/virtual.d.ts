declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  const build: ServerBuild;
  export = build;
}

// mime-types ships no types and @types/mime-types is not installed: the one function used.
declare module 'mime-types' {
  /** The MIME type for a file name or extension, or false when unknown. */
  export function lookup(filenameOrExtension: string): string | false;
}

// s3rver (a dev-only S3 server for the storage tests) ships no types: the parts the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  export interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** The listening server, once run() has resolved. */
    httpServer?: Server;
  }
}
