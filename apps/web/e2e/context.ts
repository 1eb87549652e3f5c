// What the e2e global setup hands to the test files (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** The server's temp DATA_DIR (SQLite database and uploads). */
    dataDir: string;
  }
}

export {};
